import { act, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Avatar } from "./avatar";

const picture = (container: HTMLElement) => container.querySelector("img");
const initial = (container: HTMLElement) => container.querySelector("[data-avatar-initial]");

describe("Avatar", () => {
  it("shows the member's photo, as decoration (their name is always written beside it)", () => {
    const { container } = render(<Avatar src="/media/image/bob.jpg" name="Bob" />);
    expect(picture(container)).toHaveAttribute("src", "/media/image/bob.jpg");
    expect(picture(container)).toHaveAttribute("alt", "");
    expect(initial(container)).toBeNull();
  });

  it("shows the initial on the brand gradient when there is no photo", () => {
    for (const src of [undefined, null, ""]) {
      const { container, unmount } = render(<Avatar src={src} name="  carol " />);
      expect(picture(container)).toBeNull();
      expect(initial(container)).toHaveTextContent(/^C$/);
      expect(initial(container)).toHaveClass("bg-brand");
      expect(initial(container)).toHaveAttribute("aria-hidden", "true");
      unmount();
    }
  });

  it("shows a question mark for a blank name", () => {
    const { container } = render(<Avatar name="   " />);
    expect(initial(container)).toHaveTextContent(/^\?$/);
  });

  it("falls back to the initial when the photo fails to load, and tries a new photo again", () => {
    const { container, rerender } = render(<Avatar src="/media/image/gone.jpg" name="dan" />);
    act(() => {
      picture(container)?.dispatchEvent(new Event("error"));
    });
    expect(picture(container)).toBeNull();
    expect(initial(container)).toHaveTextContent("D");

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
});
