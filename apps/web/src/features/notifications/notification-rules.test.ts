import {
  NOTIFICATION_GROUPS,
  notificationGroup,
  notificationMediaType,
  notificationText,
  notificationTimeLabel,
  UNKNOWN_SENDER,
} from "@flik/shared";
import { describe, expect, it } from "vitest";

// The shared rules of spec §2, checked here because the web screen depends on their exact words.
describe("notificationText", () => {
  it.each([
    ["follow", "started following you"],
    ["like", "liked your post"],
    ["comment", "commented on your post"],
    ["share", "shared your post"],
    ["poke", "did something"],
  ])("%s reads '%s'", (type, text) => {
    expect(notificationText(type)).toBe(text);
  });

  it("calls a missing sender 'Unknown'", () => {
    expect(UNKNOWN_SENDER).toBe("Unknown");
  });
});

describe("notificationTimeLabel", () => {
  const now = new Date("2025-06-10T12:00:00.000Z");
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;

  it.each([
    [0, "Just now"],
    [59_999, "Just now"],
    [minute, "1m ago"],
    [59 * minute, "59m ago"],
    [hour, "1h ago"],
    [23 * hour + 59 * minute, "23h ago"],
    [day, "Yesterday"],
    [2 * day, "2d ago"],
    [30 * day, "30d ago"],
  ])("%i ms ago reads '%s'", (elapsed, label) => {
    expect(notificationTimeLabel(ago(elapsed), now)).toBe(label);
  });

  it("says Yesterday only on the calendar day before, as the group does, and 2d ago before it", () => {
    const justAfterMidnight = new Date(2025, 5, 10, 0, 30);
    expect(notificationTimeLabel(new Date(2025, 5, 9, 0, 0), justAfterMidnight)).toBe("Yesterday");
    const dayAndAHalf = new Date(2025, 5, 8, 12, 0);
    expect(notificationTimeLabel(dayAndAHalf, justAfterMidnight)).toBe("2d ago");
    expect(notificationGroup(dayAndAHalf, justAfterMidnight)).toBe("Earlier");
  });

  it("reads a time slightly in the future (clock skew) as 'Just now'", () => {
    expect(notificationTimeLabel(ago(-5_000), now)).toBe("Just now");
  });
});

describe("notificationGroup", () => {
  it("has the spec's groups in order", () => {
    expect(NOTIFICATION_GROUPS).toEqual(["Today", "Yesterday", "Earlier"]);
  });

  it("splits at local midnights", () => {
    const now = new Date(2025, 5, 10, 0, 0, 30);
    expect(notificationGroup(new Date(2025, 5, 10, 0, 0, 0), now)).toBe("Today");
    expect(notificationGroup(new Date(2025, 5, 9, 23, 59, 59), now)).toBe("Yesterday");
    expect(notificationGroup(new Date(2025, 5, 9, 0, 0, 0), now)).toBe("Yesterday");
    expect(notificationGroup(new Date(2025, 5, 8, 23, 59, 59), now)).toBe("Earlier");
  });
});

describe("notificationMediaType", () => {
  it("trusts the post's own fields first", () => {
    expect(notificationMediaType({ mediaType: "image", image: "/a.mp4" })).toBe("image");
    expect(notificationMediaType({ isReel: true, image: "/a.jpg" })).toBe("video");
    expect(notificationMediaType({ video: "/v" })).toBe("video");
    expect(notificationMediaType({ reel: "/r" })).toBe("video");
  });

  it("falls back to the image or file extension, and says nothing for an unknown one", () => {
    expect(notificationMediaType({ image: "/a.mkv" })).toBe("video");
    expect(notificationMediaType({ file: "/a.gif" })).toBe("image");
    expect(notificationMediaType({ image: "/a.txt" })).toBeNull();
    expect(notificationMediaType({})).toBeNull();
  });
});
