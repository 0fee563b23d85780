import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { useRovingFocus } from "./use-roving-focus";
import { useRovingTabs } from "./use-roving-tabs";

/** A feed-like list: each item is focusable as a whole and has a button and a field of its own. */
function Feed({ ids, start }: { ids: string[]; start?: string }) {
  const roving = useRovingFocus({ keys: ids, start, letterKeys: true, singleTabStop: true });
  return (
    <>
      <button type="button">Before</button>
      <ul aria-label="Posts" {...roving.listProps}>
        {ids.map((id) => (
          <li key={id}>
            <article aria-label={`Post ${id}`} {...roving.itemProps(id)}>
              <button type="button">Like {id}</button>
              <input aria-label={`Comment on ${id}`} />
            </article>
          </li>
        ))}
      </ul>
      <button type="button">After</button>
    </>
  );
}

const post = (id: string) => screen.getByRole("article", { name: `Post ${id}` });

function renderFeed(ids = ["a", "b", "c"], start?: string) {
  const user = userEvent.setup();
  return { user, ...render(<Feed ids={ids} start={start} />) };
}

describe("useRovingFocus", () => {
  it("makes the list one Tab stop: the current item, then its own controls, then out of the list", async () => {
    const { user } = renderFeed();
    await user.click(screen.getByRole("button", { name: "Before" }));

    await user.tab();
    expect(post("a")).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Like a" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("textbox", { name: "Comment on a" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "After" })).toHaveFocus();

    expect(post("b")).toHaveAttribute("tabindex", "-1");
    expect(within(post("b")).getByRole("button")).toHaveAttribute("tabindex", "-1");
  });

  it("moves between items with the arrows and with j and k, and stops at either end", async () => {
    const { user } = renderFeed();
    post("a").focus();

    await user.keyboard("{ArrowDown}");
    expect(post("b")).toHaveFocus();
    await user.keyboard("j");
    expect(post("c")).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(post("c")).toHaveFocus();
    await user.keyboard("k");
    expect(post("b")).toHaveFocus();
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(post("a")).toHaveFocus();
    await user.keyboard("{End}");
    expect(post("c")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(post("a")).toHaveFocus();
  });

  it("moves the Tab stop with the focus, and the controls that Tab reaches with it", async () => {
    const { user } = renderFeed();
    post("a").focus();
    await user.keyboard("{ArrowDown}");

    expect(post("b")).toHaveAttribute("tabindex", "0");
    expect(post("a")).toHaveAttribute("tabindex", "-1");
    expect(within(post("a")).getByRole("button")).toHaveAttribute("tabindex", "-1");
    expect(within(post("b")).getByRole("button")).not.toHaveAttribute("tabindex");
    await user.tab();
    expect(screen.getByRole("button", { name: "Like b" })).toHaveFocus();
  });

  it("never moves while a field inside an item is typed in", async () => {
    const { user } = renderFeed();
    const field = screen.getByRole("textbox", { name: "Comment on a" });
    await user.click(field);
    await user.keyboard("jk{ArrowDown}");
    expect(field).toHaveFocus();
    expect(field).toHaveValue("jk");
  });

  it("makes the item a pointer or a screen reader went into the current one", async () => {
    const { user } = renderFeed();
    await user.click(screen.getByRole("button", { name: "Like c" }));

    expect(post("c")).toHaveAttribute("tabindex", "0");
    expect(post("a")).toHaveAttribute("tabindex", "-1");
    expect(within(post("c")).getByRole("textbox")).not.toHaveAttribute("tabindex");
    expect(within(post("a")).getByRole("textbox")).toHaveAttribute("tabindex", "-1");
  });

  it("starts the Tab stop on the item asked for (the open chat), and again whenever that changes", async () => {
    const { user, rerender } = renderFeed(["a", "b", "c"], "b");
    await user.click(screen.getByRole("button", { name: "Before" }));
    await user.tab();
    expect(post("b")).toHaveFocus();

    // Moved by the member, the stop stays where they left it…
    await user.keyboard("{ArrowDown}");
    expect(post("c")).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Before" }));
    await user.tab();
    expect(post("c")).toHaveFocus();

    // …until another item is started on (a chat opened from elsewhere).
    rerender(<Feed ids={["a", "b", "c"]} start="a" />);
    expect(post("a")).toHaveAttribute("tabindex", "0");
    expect(post("c")).toHaveAttribute("tabindex", "-1");
  });

  it("gives the Tab stop to the first item when the current one leaves the list while the focus is elsewhere", async () => {
    const { user, rerender } = renderFeed();
    await user.click(screen.getByRole("button", { name: "Like b" }));
    await user.click(screen.getByRole("button", { name: "Before" }));
    rerender(<Feed ids={["a", "c"]} />);
    expect(post("a")).toHaveAttribute("tabindex", "0");
    expect(within(post("a")).getByRole("button")).not.toHaveAttribute("tabindex");
    expect(screen.getByRole("button", { name: "Before" })).toHaveFocus();
  });

  it("hands the focus, and the Tab stop, to the next item when the one holding the focus leaves", async () => {
    const { user, rerender } = renderFeed();
    await user.click(screen.getByRole("button", { name: "Like b" }));
    rerender(<Feed ids={["a", "c"]} />);
    expect(post("c")).toHaveFocus();
    expect(post("c")).toHaveAttribute("tabindex", "0");
    expect(post("a")).toHaveAttribute("tabindex", "-1");

    // The last one: the one before takes it.
    rerender(<Feed ids={["a"]} />);
    expect(post("a")).toHaveFocus();
  });

  it("walks only the items that came or whose turn changed, not the whole list (a long feed's next page)", async () => {
    const { user, rerender } = renderFeed();
    const walked = vi.spyOn(HTMLElement.prototype, "querySelectorAll");
    // The items' own walks (the test's and user-event's queries are of other elements).
    const walkedPosts = () =>
      walked.mock.contexts
        .map((element) => (element as HTMLElement).getAttribute("aria-label"))
        .filter((label) => label?.startsWith("Post "));

    rerender(<Feed ids={["a", "b", "c", "d"]} />);
    expect(walkedPosts()).toEqual(["Post d"]);
    expect(within(post("d")).getByRole("button")).toHaveAttribute("tabindex", "-1");

    walked.mockClear();
    await user.click(screen.getByRole("button", { name: "Like c" }));
    expect(walkedPosts().toSorted()).toEqual(["Post a", "Post c"]);
    walked.mockRestore();
  });

  it("takes new controls an item renders later out of the Tab order too", async () => {
    const { user } = renderFeed();
    const late = document.createElement("a");
    late.href = "/somewhere";
    post("b").append(late);
    await vi.waitFor(() => expect(late).toHaveAttribute("tabindex", "-1"));
    await user.click(screen.getByRole("button", { name: "Like b" }));
    expect(late).not.toHaveAttribute("tabindex");
  });
});

const TABS = [{ id: "posts" }, { id: "tags" }, { id: "flicks" }] as const;
type TabId = (typeof TABS)[number]["id"];

function Tabs({ onSelect }: { onSelect: (id: TabId) => void }) {
  const [selected, setSelected] = useState<TabId>("posts");
  const { onKeyDown, tabRef } = useRovingTabs(TABS, selected, (id) => {
    setSelected(id);
    onSelect(id);
  });
  return (
    <div role="tablist" aria-label="Kinds" onKeyDown={onKeyDown}>
      {TABS.map((tab) => (
        <button
          key={tab.id}
          ref={tabRef(tab.id)}
          type="button"
          role="tab"
          aria-selected={tab.id === selected}
          tabIndex={tab.id === selected ? 0 : -1}
        >
          {tab.id}
        </button>
      ))}
    </div>
  );
}

describe("useRovingTabs, built on it", () => {
  it("selects the tab the arrows move to, wrapping around, with Home and End", async () => {
    const onSelect = vi.fn();
    const user = userEvent.setup();
    render(<Tabs onSelect={onSelect} />);
    screen.getByRole("tab", { name: "posts" }).focus();

    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "flicks" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "flicks" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "posts" })).toHaveFocus();
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "flicks" })).toHaveFocus();
    await user.keyboard("{Home}j{ArrowDown}");
    expect(screen.getByRole("tab", { name: "posts" })).toHaveFocus();
    expect(onSelect.mock.calls.map(([id]) => id)).toEqual(["flicks", "posts", "flicks", "posts"]);
  });
});
