import { act, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Avatar } from "./avatar";

const picture = (container: HTMLElement) => container.querySelector("img");

/** The letter drawn in a placeholder picture, read back from its SVG. */
function drawnLetter(image: HTMLImageElement | null): string | undefined {
  const svg = decodeURIComponent(image?.getAttribute("src")?.replace("data:image/svg+xml,", "") ?? "");
  return svg.match(/<text[^>]*>([^<]*)<\/text>/)?.[1];
}

describe("Avatar", () => {
  it("shows the member's photo, as decoration (their name is always written beside it)", () => {
    const { container } = render(<Avatar src="/media/image/bob.jpg" name="Bob" />);
    expect(picture(container)).toHaveAttribute("src", "/media/image/bob.jpg");
    expect(picture(container)).toHaveAttribute("alt", "");
    expect(picture(container)).not.toHaveAttribute("data-avatar-initial");
  });

  it("draws the initial on the brand gradient when there is no photo, adding no text to the page", () => {
    for (const src of [undefined, null, ""]) {
      const { container, unmount } = render(<Avatar src={src} name="  carol " />);
      const image = picture(container);
      expect(image).toHaveAttribute("data-avatar-initial", "C");
      expect(image?.getAttribute("src")).toMatch(/^data:image\/svg\+xml,/);
      expect(drawnLetter(image)).toBe("C");
      expect(decodeURIComponent(image?.getAttribute("src") ?? "")).toContain('stop-color="#c026d3"');
      expect(image).toHaveAttribute("alt", "");
      expect(container).toHaveTextContent("");
      unmount();
    }
  });

  it("draws a question mark for a blank name, a whole emoji, and escapes what SVG would read as markup", () => {
    expect(drawnLetter(picture(render(<Avatar name="   " />).container))).toBe("?");
    expect(picture(render(<Avatar name="🌅 sunsets" />).container)).toHaveAttribute(
      "data-avatar-initial",
      "🌅",
    );
    expect(drawnLetter(picture(render(<Avatar name="<b>" />).container))).toBe("&#60;");
  });

  it("falls back to the initial when the photo fails to load, and tries a new photo again", () => {
    const { container, rerender } = render(<Avatar src="/media/image/gone.jpg" name="dan" />);
    act(() => {
      picture(container)?.dispatchEvent(new Event("error"));
    });
    expect(picture(container)).toHaveAttribute("data-avatar-initial", "D");

    rerender(<Avatar src="/media/image/new.jpg" name="dan" />);
    expect(picture(container)).toHaveAttribute("src", "/media/image/new.jpg");
  });

  it("takes its size and ring from the caller, with no ring unless asked, and loads lazily where asked", () => {
    const { container } = render(
      <Avatar src="/media/image/bob.jpg" name="Bob" loading="lazy" className="size-11" />,
    );
    expect(picture(container)).toHaveAttribute("loading", "lazy");
    expect(picture(container)).toHaveClass("size-11");
    // A ring width in the base classes would win over a caller's ring-0 (Tailwind orders ring-4 later).
    expect(picture(container)?.className).not.toMatch(/\bring-\d/);
  });

  it("offers the built-in host's 160 px variant for the size it is drawn at (issue 20)", () => {
    const kept = "/media/image/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.jpg";
    const { container } = render(<Avatar src={kept} name="Bob" className="size-8 md:size-11 ring-2" />);
    expect(picture(container)).toHaveAttribute("src", kept);
    expect(picture(container)).toHaveAttribute(
      "srcset",
      `/media/image/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.w160.webp 160w, ${kept} 300w`,
    );
    expect(picture(container)).toHaveAttribute("sizes", "44px");
  });

  it("gives a picture of another host no srcset: it has one size", () => {
    const { container } = render(<Avatar src="https://cdn.example.com/bob.jpg" name="Bob" />);
    expect(picture(container)).not.toHaveAttribute("srcset");
    expect(picture(container)).not.toHaveAttribute("sizes");
  });
});
