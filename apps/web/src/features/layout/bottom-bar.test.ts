import { describe, expect, it } from "vitest";
import { isBottomBarHidden } from "./bottom-bar";

describe("isBottomBarHidden", () => {
  it.each([
    "/",
    "/login",
    "/forgot",
    "/profile",
    "/profile/alice",
    "/edit-profile",
    "/flicks",
    "/post",
    "/post/new",
    "/post/alice/42",
    "/post/42",
    "/settings",
    "/chat",
    "/notifications",
    "/search",
    "/search/",
    "/tags/sunset",
    "/Profile/Alice",
  ])("hides the bar on %s", (pathname) => {
    expect(isBottomBarHidden(pathname)).toBe(true);
  });

  it.each(["/reel/42", "/nowhere", "/profiles", "/postcard", "/chatroom/1", "/login-help", "/tagsale"])(
    "shows the bar on %s",
    (pathname) => {
      expect(isBottomBarHidden(pathname)).toBe(false);
    },
  );
});
