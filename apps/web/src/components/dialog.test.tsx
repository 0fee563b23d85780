import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { PostAuthor } from "../features/posts/components/post-author";
import { makePost } from "../test/fixtures";
import { Dialog } from "./dialog";

/** A post's author as the post dialog shows them: an avatar link out of the tab order, then the name. */
function AuthorDialog() {
  return (
    <MemoryRouter>
      <Dialog title="Post" hideTitle onClose={vi.fn()}>
        <PostAuthor post={makePost()} />
        <button type="button">Like</button>
      </Dialog>
    </MemoryRouter>
  );
}

describe("Dialog", () => {
  it("never focuses a control taken out of the tab order, on opening or with Tab", async () => {
    const user = userEvent.setup();
    render(<AuthorDialog />);
    const avatarLink = document.querySelector("a[aria-hidden='true']");
    expect(avatarLink).toHaveAttribute("tabindex", "-1");
    expect(document.activeElement).not.toBe(avatarLink);
    expect(document.activeElement).toHaveAccessibleName();

    const reached = new Set<Element | null>();
    for (let press = 0; press < 6; press++) {
      await user.tab();
      reached.add(document.activeElement);
    }
    expect(reached).not.toContain(avatarLink);
    expect(reached).toContain(screen.getByRole("link", { name: "@bob" }));
    expect(reached).toContain(screen.getByRole("button", { name: "Like" }));
  });

  it("keeps Tab inside when it ends in a radio group, the group being one stop", async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Outside</button>
        <Dialog title="Archive" onClose={vi.fn()}>
          <fieldset>
            <legend>Stories</legend>
            {["one", "two", "three"].map((story) => (
              <label key={story}>
                <input type="radio" name="story" defaultChecked={story === "two"} />
                {story}
              </label>
            ))}
          </fieldset>
          <button type="button" disabled>
            Add to highlight
          </button>
        </Dialog>
      </>,
    );
    screen.getByRole("radio", { name: "two" }).focus();

    await user.tab();

    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
  });
});
