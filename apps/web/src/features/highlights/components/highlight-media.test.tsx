import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HighlightMedia } from "./highlight-media";

describe("HighlightMedia", () => {
  it("shows a neutral tile, not the browser's broken-image mark, when the picture will not load", () => {
    const { container } = render(
      <HighlightMedia src="https://example.com/gone.jpg" type="image" alt="" className="size-16" />,
    );
    const picture = container.querySelector("img");
    expect(picture).not.toBeNull();
    fireEvent.error(picture as HTMLImageElement);
    expect(container.querySelector("img")).toBeNull();
    expect(container.firstElementChild).toHaveAttribute("aria-hidden", "true");
  });

  it("names the tile in the viewer, where the media had a name, and tries a new address afresh", () => {
    const { container, rerender } = render(
      <HighlightMedia src="/media/video/gone.mp4" type="video" alt="Coffee" playable />,
    );
    fireEvent.error(container.querySelector("video") as HTMLVideoElement);
    expect(screen.getByRole("img", { name: "Coffee" })).toBeInTheDocument();

    rerender(<HighlightMedia src="/media/video/back.mp4" type="video" alt="Coffee" playable />);
    expect(container.querySelector("video")).toHaveAttribute("src", "/media/video/back.mp4");
  });
});
