import { describe, expect, it } from "vitest";
import { createQuietRooms } from "./quiet-rooms.js";

function clocked(windowMs = 30_000) {
  let time = 1_000;
  const quiet = createQuietRooms({ windowMs, now: () => time });
  return {
    quiet,
    advance(ms: number) {
      time += ms;
    },
  };
}

describe("quiet rooms", () => {
  it("answers no more than the time it has been listening", () => {
    const { quiet, advance } = clocked();
    expect(quiet.quietFor(["user:a"])).toBe(0);
    advance(2_500);
    expect(quiet.quietFor(["user:a"])).toBe(2_500);
  });

  it("counts from the last event to any of the rooms asked about", () => {
    const { quiet, advance } = clocked();
    advance(10_000);
    quiet.heard(["user:a", "user:b"]);
    advance(3_000);
    quiet.heard(["user:c"]);
    advance(1_000);

    expect(quiet.quietFor(["user:a"])).toBe(4_000);
    expect(quiet.quietFor(["user:a", "user:c"])).toBe(1_000);
    expect(quiet.quietFor(["user:d"])).toBe(14_000);
  });

  it("takes an event to everyone as one to every room", () => {
    const { quiet, advance } = clocked();
    advance(10_000);
    quiet.heard([]);
    advance(500);
    expect(quiet.quietFor(["user:a"])).toBe(500);
  });

  it("remembers a room's event across a change of generation, and never answers past the window", () => {
    const { quiet, advance } = clocked(30_000);
    advance(29_000);
    quiet.heard(["user:a"]);
    // A new generation starts with this event; user:a's mark is in the previous one.
    advance(2_000);
    quiet.heard(["user:b"]);
    advance(20_000);
    expect(quiet.quietFor(["user:a"])).toBe(22_000);

    advance(60_000);
    expect(quiet.quietFor(["user:a"])).toBe(30_000);
    expect(quiet.quietFor(["user:b"])).toBe(30_000);
  });

  it("counts an event sent except some rooms for every asker but those in them", () => {
    const { quiet, advance } = clocked();
    advance(10_000);
    quiet.heard(["flicks"]);
    advance(5_000);
    // A reel kept from members blocked with its author.
    quiet.heard(["flicks", "user:fan"], new Set(["blocked-with:author"]));
    advance(1_000);

    expect(quiet.quietFor(["flicks"], new Set(["user:viewer"]))).toBe(1_000);
    expect(quiet.quietFor(["flicks"], new Set(["user:blocked", "blocked-with:author"]))).toBe(6_000);
    expect(quiet.quietFor(["flicks"])).toBe(1_000);
  });

  it("counts a busy room's oldest marks kept from someone as everyone's, keeping the newest apart", () => {
    const { quiet, advance } = clocked();
    advance(1_000);
    for (let i = 0; i < 12; i++) {
      quiet.heard(["post:p"], new Set(["blocked-with:liker"]));
      advance(100);
    }
    const blocked = new Set(["blocked-with:liker"]);
    // Twelve marks, eight kept apart: the fourth (at 1,300 ms) is the latest counted for all.
    expect(quiet.quietFor(["post:p"], blocked)).toBe(2_200 - 1_300);
    expect(quiet.quietFor(["post:p"], new Set())).toBe(100);
  });
});
