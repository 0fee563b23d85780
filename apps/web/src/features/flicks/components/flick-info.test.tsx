import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { makeFlick } from "../test/flick-fixtures";
import { FlickInfo } from "./flick-info";

const LONG = `${"A long walk along the coast at dawn, with the waves and the light. ".repeat(3)}#coast`;

/** Lays the description out as a browser would: three lines shown (to y 60), the #tag `at` its y. */
function layOut(tag: HTMLElement, at: number) {
  const description = tag.closest("p") as HTMLElement;
  vi.spyOn(description, "getBoundingClientRect").mockReturnValue({ bottom: 60 } as DOMRect);
  vi.spyOn(tag, "getBoundingClientRect").mockReturnValue({ bottom: at } as DOMRect);
}

function renderInfo(description: string) {
  render(
    <MemoryRouter>
      <FlickInfo flick={makeFlick({ description })} />
    </MemoryRouter>,
  );
  return screen.getByRole("link", { name: "#coast" });
}

describe("a flick's description", () => {
  it("opens when the keyboard reaches a #tag its clamp hides, so the focus is never out of sight", () => {
    const tag = renderInfo(LONG);
    expect(screen.getByRole("button", { name: "more" })).toHaveAttribute("aria-expanded", "false");
    layOut(tag, 80);

    act(() => tag.focus());

    expect(screen.getByRole("button", { name: "less" })).toHaveAttribute("aria-expanded", "true");
    expect(tag).toHaveFocus();
  });

  it("stays cut when the focused #tag is in the lines shown", () => {
    const tag = renderInfo(`#coast ${LONG.replace("#coast", "")}`);
    layOut(tag, 20);

    act(() => tag.focus());

    expect(screen.getByRole("button", { name: "more" })).toHaveAttribute("aria-expanded", "false");
  });
});
