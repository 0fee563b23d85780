import { describe, expect, it } from "vitest";
import {
  parseRecent,
  RECENT_SEARCHES_MAX,
  type RecentSearch,
  recentKey,
  withoutRecent,
  withRecent,
} from "./recent-searches";

const text = (value: string): RecentSearch => ({ kind: "text", text: value });

describe("recent searches", () => {
  it("puts the newest first, once, and keeps a short list", () => {
    let list: RecentSearch[] = [];
    for (let index = 0; index < RECENT_SEARCHES_MAX + 2; index++) list = withRecent(list, text(`q${index}`));
    expect(list).toHaveLength(RECENT_SEARCHES_MAX);
    expect(list[0]).toEqual(text(`q${RECENT_SEARCHES_MAX + 1}`));

    list = withRecent(list, text("Q5"));
    expect(list[0]).toEqual(text("Q5"));
    expect(list.filter((item) => recentKey(item) === "text:q5")).toHaveLength(1);
  });

  it("removes by key", () => {
    const list = [text("a"), { kind: "tag", name: "sea" } as const];
    expect(withoutRecent(list, "tag:sea")).toEqual([text("a")]);
  });

  it("reads only entries of a known shape", () => {
    const stored = JSON.stringify([
      text("pier"),
      { kind: "member", _id: "u-bob", username: "bob" },
      { kind: "tag", name: "" },
      { kind: "script", text: "<b>" },
      "bob",
      null,
    ]);
    expect(parseRecent(stored)).toEqual([
      text("pier"),
      { kind: "member", _id: "u-bob", username: "bob", fullName: "", avatar: "" },
    ]);
    expect(parseRecent("not json")).toEqual([]);
    expect(parseRecent('{"kind":"text"}')).toEqual([]);
    expect(parseRecent(null)).toEqual([]);
  });
});
