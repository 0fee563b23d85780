import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { makePost } from "../../../test/fixtures";
import { PostCaption, PostPlaceAndTags } from "./post-caption";

const long = `${"A long walk along the pier at dusk, ".repeat(5)}the end.`;

describe("PostCaption", () => {
  it("folds a long caption in the feed; 'more' opens it whole and hands the focus to it", async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <PostCaption post={makePost({ caption: long })} clamp />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/the end\./)).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "more" }));

    expect(screen.getByText(/the end\./)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "more" })).not.toBeInTheDocument();
    // Not dropped to the page: the keyboard goes on from the caption it opened.
    await expect.poll(() => document.activeElement).not.toBe(document.body);
    // The whole paragraph (a block, whose ring is one box), its author's name first.
    expect(document.activeElement?.tagName).toBe("P");
    expect(document.activeElement).toHaveTextContent(/^@bob ?A long walk .* the end\.$/);
  });

  it("shows a long location whole, wrapping, rather than cut", () => {
    const location = "Praia da Rocha, Portimão, Faro District, Algarve, Portugal, by the old fortress walls";
    render(
      <MemoryRouter>
        <PostPlaceAndTags post={makePost({ location })} />
      </MemoryRouter>,
    );
    const shown = screen.getByText(location);
    expect(shown).not.toHaveClass("truncate");
    expect(shown).toHaveClass("break-words");
  });
});
