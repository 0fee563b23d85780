import { describe, expect, it } from "vitest";
import { fakeAnnouncements } from "../../test/fake-announcements.js";
import {
  type CommentTuple,
  createPostSummariesCache,
  deepEnough,
  type LikerTuple,
  type PostSummaries,
  summariesAsSeen,
} from "./posts.summaries-cache.js";

const liker = (userId: string): LikerTuple => [userId, `name-${userId}`, "❤️"];
const comment = (id: string, userId: string): CommentTuple => [
  id,
  `text ${id}`,
  "2026-11-24T12:00:00Z",
  userId,
  `name-${userId}`,
  "",
];

/** Summaries of a post liked by `likers` and commented on by `comments` (newest first), read `depth` deep. */
function summaries(
  likers: string[],
  comments: [id: string, userId: string][] = [],
  depth = { likers: 15, comments: 4 },
): PostSummaries {
  return {
    likesCount: likers.length,
    commentsCount: comments.length,
    likers: likers.slice(0, depth.likers).map(liker),
    comments: comments.slice(0, depth.comments).map(([id, userId]) => comment(id, userId)),
    depth,
  };
}

const none = new Set<string>();

describe("what a viewer sees of kept likers and comments", () => {
  it("cuts to what is listed, comments oldest first", () => {
    const kept = summaries(
      ["a", "b", "c"],
      [
        ["c3", "x"],
        ["c2", "y"],
        ["c1", "z"],
      ],
    );
    const seen = summariesAsSeen(kept, { likers: 2, comments: 2 }, none);
    expect(seen?.likers.map(([userId]) => userId)).toEqual(["a", "b"]);
    expect(seen?.comments.map(([id]) => id)).toEqual(["c2", "c3"]);
  });

  it("leaves out members blocked either way, reaching further down the kept ones", () => {
    const kept = summaries(
      ["a", "b", "c", "d"],
      [
        ["c2", "b"],
        ["c1", "c"],
      ],
    );
    const seen = summariesAsSeen(kept, { likers: 2, comments: 2 }, new Set(["b"]));
    expect(seen?.likers.map(([userId]) => userId)).toEqual(["a", "c"]);
    expect(seen?.comments.map(([id]) => id)).toEqual(["c1"]);
  });

  it("asks deeper when the blocked leave too few of a list that was cut", () => {
    const likers = Array.from({ length: 30 }, (_, i) => `m${i}`);
    const kept = summaries(likers, [], { likers: 12, comments: 4 });
    expect(summariesAsSeen(kept, { likers: 10, comments: 2 }, new Set(["m0", "m1", "m2"]))).toBeUndefined();
    // A list shorter than its depth holds every like: leaving some out leaves the right few.
    const whole = summaries(["m0", "m1", "m2", "m3"], [], { likers: 12, comments: 4 });
    expect(
      summariesAsSeen(whole, { likers: 10, comments: 2 }, new Set(["m0"]))?.likers.map(([id]) => id),
    ).toEqual(["m1", "m2", "m3"]);
  });

  it("tells whether older comments may be seen: not when those past the listed are all blocked", () => {
    const listed = { likers: 2, comments: 2 };
    const older = (comments: [string, string][], hidden: Set<string>, depth = { likers: 15, comments: 4 }) =>
      summariesAsSeen(summaries([], comments, depth), listed, hidden)?.olderComments;
    const byY: [string, string][] = [
      ["c4", "x"],
      ["c3", "x"],
      ["c2", "y"],
      ["c1", "y"],
    ];
    expect(older(byY.slice(1), none)).toBe(true);
    expect(older(byY.slice(1), new Set(["y"]))).toBe(false);
    expect(older(byY.slice(0, 2), none)).toBe(false);
    // Past a full kept list there are more, seen or not: a page is offered only when it may hold some.
    expect(older(byY, new Set(["y"]), { likers: 15, comments: 3 })).toBe(true);
  });

  it("knows whether kept ones are deep enough for what a read lists", () => {
    const likers = Array.from({ length: 60 }, (_, i) => `m${i}`);
    expect(deepEnough(summaries(likers, [], { likers: 15, comments: 4 }), { likers: 10, comments: 2 })).toBe(
      true,
    );
    expect(deepEnough(summaries(likers, [], { likers: 15, comments: 4 }), { likers: 50, comments: 2 })).toBe(
      false,
    );
    expect(deepEnough(summaries(["a"], [], { likers: 15, comments: 4 }), { likers: 50, comments: 100 })).toBe(
      true,
    );
  });
});

/** A read the test finishes itself (`finish`), so announcements can arrive while it is in flight. */
function readInFlight(cache: ReturnType<typeof createPostSummariesCache>, found: Map<string, PostSummaries>) {
  let finish: () => void = () => {};
  const done = cache.readAndKeep(async () => {
    await new Promise<void>((resolve) => {
      finish = resolve;
    });
    return found;
  });
  return { finish: () => finish(), done };
}

describe("post summaries cache", () => {
  const read = (found: Record<string, PostSummaries>) => async () => new Map(Object.entries(found));

  it("keeps what it read until the post, or a member it shows, is announced", async () => {
    const announcements = fakeAnnouncements();
    const cache = createPostSummariesCache(announcements);
    await cache.readAndKeep(read({ p1: summaries(["a"], [["c1", "b"]]), p2: summaries(["c"]) }));
    expect(cache.find("p1")?.likers).toEqual([liker("a")]);

    announcements.announce("post:p1");
    expect(cache.find("p1")).toBeUndefined();
    expect(cache.find("p2")).toBeDefined();

    await cache.readAndKeep(read({ p1: summaries(["a"], [["c1", "b"]]) }));
    announcements.announce("account:b"); // the commenter changed their picture
    expect(cache.find("p1")).toBeUndefined();
    announcements.announce("member:c"); // the liker was renamed
    expect(cache.find("p2")).toBeUndefined();
  });

  it("forgets everything when announcements may have been missed, and trusts nothing meanwhile", async () => {
    const announcements = fakeAnnouncements();
    const cache = createPostSummariesCache(announcements);
    await cache.readAndKeep(read({ p1: summaries(["a"]) }));
    announcements.live = false;
    expect(cache.find("p1")).toBeUndefined();
    announcements.live = true;
    announcements.announce(null);
    expect(cache.find("p1")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("does not keep what a read found when its post was forgotten while it was read", async () => {
    const announcements = fakeAnnouncements();
    const cache = createPostSummariesCache(announcements);
    const { finish, done: slow } = readInFlight(
      cache,
      new Map([
        ["p1", summaries(["a"])],
        ["p2", summaries(["b"])],
      ]),
    );
    announcements.announce("post:p1"); // a like committed after the read saw the post
    finish();
    const found = await slow;
    expect(found.get("p1")).toBeDefined(); // answered to the read that asked…
    expect(cache.find("p1")).toBeUndefined(); // …but not kept
    expect(cache.find("p2")).toBeDefined();
  });

  it("does not keep what a read found when a member it shows changed while it was read", async () => {
    const announcements = fakeAnnouncements();
    const cache = createPostSummariesCache(announcements);
    const { finish, done: slow } = readInFlight(
      cache,
      new Map([
        ["p1", summaries(["a"])],
        ["p2", summaries(["b"])],
      ]),
    );
    announcements.announce("member:a"); // renamed after the read saw the old name
    finish();
    await slow;
    expect(cache.find("p1")).toBeUndefined();
    expect(cache.find("p2")).toBeDefined();
  });

  it("does not keep anything a read found when everything was forgotten while it was read", async () => {
    const announcements = fakeAnnouncements();
    const cache = createPostSummariesCache(announcements);
    const { finish, done: slow } = readInFlight(cache, new Map([["p1", summaries(["a"])]]));
    announcements.announce(null);
    finish();
    await slow;
    expect(cache.find("p1")).toBeUndefined();
    await cache.readAndKeep(read({ p1: summaries(["a"]) }));
    expect(cache.find("p1")).toBeDefined();
  });

  it("forgets what this node changed at once, and a member's posts only while they show the member", async () => {
    const announcements = fakeAnnouncements();
    const cache = createPostSummariesCache(announcements);
    await cache.readAndKeep(read({ p1: summaries(["a"]), p2: summaries(["a"]) }));
    cache.forgetPosts(["p1"]);
    expect(cache.find("p1")).toBeUndefined();
    // p2 is read again without `a`: a later change of `a` leaves it kept.
    await cache.readAndKeep(read({ p2: summaries(["b"]) }));
    announcements.announce("account:a");
    expect(cache.find("p2")).toBeDefined();
  });

  it("is bounded in count", async () => {
    const cache = createPostSummariesCache(fakeAnnouncements(), { max: 2, ttlMs: 60_000 });
    await cache.readAndKeep(read({ p1: summaries(["a"]), p2: summaries(["b"]), p3: summaries(["c"]) }));
    expect(cache.size).toBe(2);
  });
});
