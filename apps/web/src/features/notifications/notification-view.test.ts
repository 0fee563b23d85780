import { describe, expect, it } from "vitest";
import {
  actionText,
  groupNotifications,
  notificationHref,
  notificationThumbnail,
  senderName,
} from "./notification-view";
import { makeNotification } from "./test/notification-fixtures";

/** Local times, so the day groups hold in every time zone. */
const at = (day: number, hours: number, minutes = 0) => new Date(2025, 5, day, hours, minutes).toISOString();

describe("groupNotifications", () => {
  it("puts notifications under Today, Yesterday and Earlier, in that order, leaving empty groups out", () => {
    const now = new Date(2025, 5, 10, 12, 0);
    const sections = groupNotifications(
      [
        makeNotification({ _id: "today", createdAt: at(10, 9) }),
        makeNotification({ _id: "yesterday", createdAt: at(9, 8) }),
        makeNotification({ _id: "earlier", createdAt: at(3, 8) }),
        makeNotification({ _id: "earlier-2", createdAt: at(1, 8) }),
      ],
      now,
    );
    expect(sections.map(({ group, notifications }) => [group, notifications.map((n) => n._id)])).toEqual([
      ["Today", ["today"]],
      ["Yesterday", ["yesterday"]],
      ["Earlier", ["earlier", "earlier-2"]],
    ]);

    expect(groupNotifications([makeNotification({ createdAt: at(3, 8) })], now).map((s) => s.group)).toEqual([
      "Earlier",
    ]);
  });

  it("goes by calendar day around midnight, not by 24 hours", () => {
    const justAfterMidnight = new Date(2025, 5, 10, 0, 0, 30);
    const sections = groupNotifications(
      [
        makeNotification({ _id: "after", createdAt: new Date(2025, 5, 10, 0, 0, 5).toISOString() }),
        makeNotification({ _id: "before", createdAt: new Date(2025, 5, 9, 23, 59, 50).toISOString() }),
        makeNotification({ _id: "two-days", createdAt: new Date(2025, 5, 8, 23, 59, 50).toISOString() }),
      ],
      justAfterMidnight,
    );
    expect(sections.map(({ group, notifications }) => [group, notifications.map((n) => n._id)])).toEqual([
      ["Today", ["after"]],
      ["Yesterday", ["before"]],
      ["Earlier", ["two-days"]],
    ]);
  });
});

describe("senderName and actionText", () => {
  it("names the sender, or 'Unknown' when the sender is gone", () => {
    expect(senderName(makeNotification())).toBe("bob");
    expect(senderName(makeNotification({ sender: null }))).toBe("Unknown");
  });

  it("uses the server's text, else the spec's text for the type", () => {
    expect(actionText(makeNotification({ type: "share", text: "" }))).toBe("shared your post");
    expect(actionText(makeNotification({ type: "follow", text: "started following you" }))).toBe(
      "started following you",
    );
  });
});

describe("notificationThumbnail", () => {
  it("shows the server's media with its type", () => {
    expect(notificationThumbnail(makeNotification())).toEqual({
      src: "/media/image/sunset.jpg",
      type: "image",
    });
  });

  it("guesses the type from the post fields when the server did not say", () => {
    const reel = makeNotification({
      media: null,
      mediaType: null,
      post: { _id: "p-2", image: "/media/clip", isReel: true, mediaType: "video" },
    });
    expect(notificationThumbnail(reel)).toEqual({ src: "/media/clip", type: "video" });
  });

  it.each([
    ["/media/a.mp4", "video"],
    ["/media/a.MOV", "video"],
    ["/media/a.avi?x=1", "video"],
    ["/media/a.mkv", "video"],
    ["/media/a.jpeg", "image"],
    ["/media/a.webp", "image"],
  ])("guesses %s as %s from the file extension", (media, type) => {
    const notification = makeNotification({ media, mediaType: null, post: null });
    expect(notificationThumbnail(notification)).toEqual({ src: media, type });
  });

  it("shows nothing for a follow, which has no post", () => {
    expect(notificationThumbnail(makeNotification({ type: "follow", post: null, media: null }))).toBeNull();
  });
});

describe("notificationHref", () => {
  it("opens the sender's profile for a follow and the post otherwise", () => {
    expect(notificationHref(makeNotification({ type: "follow", post: null }))).toBe("/profile/bob");
    expect(notificationHref(makeNotification({ type: "comment" }))).toBe("/post/p-1");
  });

  it("opens a flick on the flicks screen, as its share link does", () => {
    const flick = { _id: "p-9", image: "/media/video/v.mp4", isReel: true, mediaType: "video" as const };
    expect(notificationHref(makeNotification({ type: "like", post: flick }))).toBe("/reel/p-9");
    expect(notificationHref(makeNotification({ type: "comment", post: flick }))).toBe("/reel/p-9");
  });

  it("goes nowhere when the post or the follower is gone", () => {
    expect(notificationHref(makeNotification({ post: null }))).toBeNull();
    expect(notificationHref(makeNotification({ type: "follow", sender: null, post: null }))).toBeNull();
  });
});
