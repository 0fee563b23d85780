import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FlickVideo } from "./flick-video";

const props = {
  src: "/media/video/v-1.mp4",
  label: "Waves",
  playing: false,
  muted: true,
  preload: "metadata" as const,
  onSoundBlocked: () => {},
};

describe("FlickVideo", () => {
  it("says a video that failed offline plays once back online, and loads it again then", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const { container } = render(<FlickVideo {...props} />);
    fireEvent.error(container.querySelector("video") as HTMLVideoElement);
    expect(screen.getByText("This video plays once you're back online.")).toBeInTheDocument();
    expect(container.querySelector("video")).toBeNull();

    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event("online")));
    expect(container.querySelector("video")).toHaveAttribute("src", props.src);
  });

  it("says a video that failed online can't be played", () => {
    const { container } = render(<FlickVideo {...props} />);
    fireEvent.error(container.querySelector("video") as HTMLVideoElement);
    expect(screen.getByText("This video can't be played.")).toBeInTheDocument();
  });
});
