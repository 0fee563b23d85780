import { describe, expect, it } from "vitest";
import { timeAgo, timeAgoPhrase } from "./time-ago";

const now = new Date(2025, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => new Date(now - ms).toISOString();

describe("timeAgo", () => {
  it("uses the spec's words for the last week", () => {
    expect(timeAgo(ago(30_000), now)).toBe("Just now");
    expect(timeAgo(ago(5 * 60_000), now)).toBe("5m ago");
    expect(timeAgo(ago(3 * 3_600_000), now)).toBe("3h ago");
    expect(timeAgo(ago(30 * 3_600_000), now)).toBe("Yesterday");
    expect(timeAgo(ago(4 * 86_400_000), now)).toBe("4d ago");
  });

  it("says Yesterday only for the calendar day before, as the notifications' groups do", () => {
    // 35.5 hours before noon on the 15th is the 14th; 37 hours before is the 13th.
    expect(timeAgo(new Date(2025, 5, 14, 0, 30).toISOString(), now)).toBe("Yesterday");
    expect(timeAgo(new Date(2025, 5, 13, 23, 0).toISOString(), now)).toBe("2d ago");
    expect(timeAgoPhrase(new Date(2025, 5, 14, 0, 30).toISOString(), now)).toBe("yesterday");
    expect(timeAgoPhrase(new Date(2025, 5, 13, 23, 0).toISOString(), now)).toBe("2 days ago");
  });

  it("shows a date after a week, with the year only when it differs", () => {
    expect(timeAgo(new Date(2025, 2, 3, 9).toISOString(), now)).toBe("Mar 3");
    expect(timeAgo(new Date(2024, 11, 24, 9).toISOString(), now)).toBe("Dec 24, 2024");
  });

  it("is empty for a date it cannot read", () => {
    expect(timeAgo("not a date", now)).toBe("");
  });
});

describe("timeAgoPhrase", () => {
  it("says the last week in words to be read out", () => {
    expect(timeAgoPhrase(ago(30_000), now)).toBe("just now");
    expect(timeAgoPhrase(ago(60_000), now)).toBe("1 minute ago");
    expect(timeAgoPhrase(ago(5 * 60_000), now)).toBe("5 minutes ago");
    expect(timeAgoPhrase(ago(3 * 3_600_000), now)).toBe("3 hours ago");
    expect(timeAgoPhrase(ago(30 * 3_600_000), now)).toBe("yesterday");
    expect(timeAgoPhrase(ago(3 * 86_400_000), now)).toBe("3 days ago");
  });

  it("names the date after a week, with the year only when it differs", () => {
    expect(timeAgoPhrase(new Date(2025, 2, 3, 9).toISOString(), now)).toBe("March 3");
    expect(timeAgoPhrase(new Date(2024, 11, 24, 9).toISOString(), now)).toBe("December 24, 2024");
    expect(timeAgoPhrase("not a date", now)).toBe("");
  });
});
