import { describe, expect, it } from "vitest";
import { NAV_ITEMS, type TabId } from "./nav-items";

const current = (pathname: string, username: string | null = "alice") =>
  NAV_ITEMS.filter((item) => item.isActive(pathname, username)).map((item) => item.id);

describe("the current tab", () => {
  it("is Profile on the member's own profile, by either address", () => {
    for (const path of ["/profile", "/profile/alice", "/profile/Alice", "/profile/alice/"])
      expect(current(path), path).toEqual<TabId[]>(["profile"]);
  });

  it("is none on another member's profile, or on an address that names no one", () => {
    for (const path of ["/profile/bob", "/profile/alice_2", "/profile/%E0%A4%A"])
      expect(current(path), path).toEqual([]);
    expect(current("/profile/alice", null)).toEqual([]);
  });

  it("is New post, not Home, on /post/new; Home on a post", () => {
    expect(current("/post/new")).toEqual<TabId[]>(["new-post"]);
    expect(current("/post/p-1")).toEqual<TabId[]>(["home"]);
  });
});
