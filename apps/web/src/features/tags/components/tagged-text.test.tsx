import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { TaggedText } from "./tagged-text";

describe("TaggedText", () => {
  it("links tags and mentions, each isolated in its own direction, so a right-to-left caption keeps @ and # in place", () => {
    render(
      <MemoryRouter>
        <p>
          <TaggedText text="שלום עולם @maya_travels #שלום" />
        </p>
      </MemoryRouter>,
    );

    const mention = screen.getByRole("link", { name: "@maya_travels" });
    expect(mention).toHaveAttribute("href", "/profile/maya_travels");
    expect(mention).toHaveAttribute("dir", "auto");
    const tag = screen.getByRole("link", { name: "#שלום" });
    expect(tag).toHaveAttribute("dir", "auto");
  });
});
