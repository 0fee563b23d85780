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

  it("says in the viewer that the media can't be shown, and tries a new address afresh", () => {
    const { container, rerender } = render(
      <HighlightMedia src="/media/video/gone.mp4" type="video" alt="Coffee" playable />,
    );
    fireEvent.error(container.querySelector("video") as HTMLVideoElement);
    // A frame of a photo's proportions that says why, not a thin bar.
    const frame = screen.getByText("This highlight can't be shown").parentElement;
    expect(frame).toHaveClass("aspect-[4/5]", "w-full");
    expect(frame).toHaveTextContent(/^This highlight can't be shown\s*It may have been removed\.$/);

    rerender(<HighlightMedia src="/media/video/back.mp4" type="video" alt="Coffee" playable />);
    expect(container.querySelector("video")).toHaveAttribute("src", "/media/video/back.mp4");
  });
});
