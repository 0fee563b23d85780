import {
  LIVE_STORIES_MAX,
  NUL_CHARACTER_MESSAGE,
  STORY_LIFETIME_MS,
  type Story,
  type StoryGroup,
} from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp, countQueries, type SignedIn } from "../../test/helper.js";

/**
 * Stories (issue 17) through the API: the contract's shapes, the strip's order, who may see, view and
 * delete what, and bad input. The app's clock is the test's: each story is made a minute after the last,
 * so the order never rests on two requests' timing. Expiry is stories.expiry.test's.
 */
let now = Date.parse("2026-03-01T12:00:00.000Z");
const built = await buildTestApp({}, { clock: () => now });
const { call, follow, makePrivate, requestFollow, acceptFollow, block, upload, photoOf, someone } =
  factories(built);

/** A story of the member's photo (`photoOf`), or of `url`. */
async function postStory(member: SignedIn, url?: string): Promise<Story> {
  const media = url ?? (await photoOf(member));
  now += 60_000;
  const response = await call(member, "POST", "/stories", { url: media });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().story;
}
const strip = async (member: SignedIn): Promise<StoryGroup[]> => {
  const response = await call(member, "GET", "/stories");
  expect(response.statusCode, response.body).toBe(200);
  return response.json().stories;
};
const view = (member: SignedIn, story: Story) => call(member, "POST", `/stories/${story._id}/view`);
const viewers = (member: SignedIn, story: Story) => call(member, "GET", `/stories/${story._id}/viewers`);
const authorsIn = (groups: StoryGroup[]) => groups.map((group) => group.user._id);
const idsOf = (...list: SignedIn[]) => list.map((member) => member.userId);

describe("POST /stories", () => {
  it("refuses a story past LIVE_STORIES_MAX live ones with 429, and takes one again once one expires or is deleted", async () => {
    const busy = await someone("busy");
    const first = await postStory(busy);
    for (let made = 1; made < LIVE_STORIES_MAX; made++) await postStory(busy);
    now += 60_000;
    const refused = await call(busy, "POST", "/stories", { url: await photoOf(busy) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      `You can have up to ${LIVE_STORIES_MAX} stories at a time. Try again when one expires.`,
    );
    expect((await strip(busy))[0]?.stories).toHaveLength(LIVE_STORIES_MAX);

    expect((await call(busy, "DELETE", `/stories/${first._id}`)).statusCode).toBe(200);
    await postStory(busy);
    expect((await call(busy, "POST", "/stories", { url: await photoOf(busy) })).statusCode).toBe(429);
    // The second made is the oldest now: a day later it has expired, and one more may be shared.
    now += STORY_LIFETIME_MS - LIVE_STORIES_MAX * 60_000;
    await postStory(busy);
  });

  it("holds LIVE_STORIES_MAX under a burst: stories shared at once are counted one at a time", async () => {
    const eager = await someone("eager");
    for (let made = 0; made < LIVE_STORIES_MAX - 3; made++) await postStory(eager);
    const url = await photoOf(eager);
    now += 60_000;
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => call(eager, "POST", "/stories", { url })),
    );
    expect(burst.map((response) => response.statusCode).sort()).toEqual([
      201, 201, 201, 429, 429, 429, 429, 429,
    ]);
    expect((await strip(eager))[0]?.stories).toHaveLength(LIVE_STORIES_MAX);
  });

  it("answers 201 with the story as the contract shapes it; the media type follows from the URL", async () => {
    const alice = await someone("alice");
    const photo = await photoOf(alice);
    now += 60_000;
    const response = await call(alice, "POST", "/stories", { url: ` ${photo} ` });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      story: {
        _id: expect.any(String),
        user: {
          _id: alice.userId,
          username: alice.username,
          fullName: `Newcomer ${alice.username}`,
          avatar: "",
        },
        mediaType: "image",
        mediaUrl: photo,
        viewersCount: 0,
        viewed: true,
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + STORY_LIFETIME_MS).toISOString(),
      },
    });
    const video = await postStory(alice, "https://cdn.example.com/v/clip.mp4");
    expect(video.mediaType).toBe("video");
    expect((await postStory(alice, "https://res.cloudinary.com/flik/video/upload/abc")).mediaType).toBe(
      "video",
    );
  });

  it("refuses with 400 an address of this host that names no uploaded file, so no follower gets a story that can't be shown", async () => {
    const [author, follower] = [await someone("author"), await someone("follower")];
    await follow(follower, author);
    for (const url of [
      "/media/image/00000000-0000-0000-0000-000000000000.jpg",
      "/media/video/00000000-0000-0000-0000-00000000abcd.mp4",
      "/media/image/x.jpg",
    ]) {
      const response = await call(author, "POST", "/stories", { url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        message: "Media must be the URL of an uploaded file",
        errors: [{ field: "url", message: "Media must be the URL of an uploaded file" }],
      });
    }
    expect(await strip(follower)).toEqual([]);
  });

  it.each([
    ["no url", {}, "Please select a file"],
    ["a number", { url: 5 }, "url must be text"],
    ["a blank url", { url: "   " }, "Please select a file"],
    ["a script URL", { url: "javascript:alert(1)" }, "Media must be the URL of an uploaded file"],
    ["a NUL byte", { url: "/media/image/a\u0000.jpg" }, NUL_CHARACTER_MESSAGE],
    [
      "a page of another site without a path",
      { url: "https://example.com" },
      "Media must be the URL of an uploaded file",
    ],
  ])("refuses %s with 400", async (_case, payload, message) => {
    const alice = await someone("alice");
    const response = await call(alice, "POST", "/stories", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await strip(alice)).toEqual([]);
  });
});

describe("GET /stories", () => {
  it("groups the strip: own first, then unseen authors newest first, then seen ones; each oldest first", async () => {
    const [me, early, late, seen] = [
      await someone("me"),
      await someone("early"),
      await someone("late"),
      await someone("seen"),
    ];
    for (const other of [early, late, seen]) await follow(me, other);
    const seenStory = await postStory(seen);
    const earlyStory = await postStory(early);
    const lateFirst = await postStory(late);
    const mine = await postStory(me);
    const lateSecond = await postStory(late);
    expect((await view(me, seenStory)).statusCode).toBe(200);
    expect((await view(me, lateFirst)).statusCode).toBe(200);

    const groups = await strip(me);
    expect(authorsIn(groups)).toEqual(idsOf(me, late, early, seen));
    const [own, lateGroup, earlyGroup, seenGroup] = groups as [
      StoryGroup,
      StoryGroup,
      StoryGroup,
      StoryGroup,
    ];
    expect(own).toEqual({
      user: mine.user,
      stories: [{ ...mine, viewed: true }],
      allViewed: true,
    });
    expect(lateGroup.stories.map((story) => [story._id, story.viewed])).toEqual([
      [lateFirst._id, true],
      [lateSecond._id, false],
    ]);
    expect(lateGroup.allViewed).toBe(false);
    expect(earlyGroup).toMatchObject({ allViewed: false, stories: [{ _id: earlyStory._id, viewed: false }] });
    expect(seenGroup).toMatchObject({ allViewed: true, stories: [{ _id: seenStory._id, viewersCount: 1 }] });
    // Once the newest of `late` is seen too, its group moves behind the unseen ones.
    await view(me, lateSecond);
    expect(authorsIn(await strip(me))).toEqual(idsOf(me, early, late, seen));
  });

  it("holds only the member's own stories and those of members they follow", async () => {
    const [me, followed, other] = [await someone("me"), await someone("followed"), await someone("other")];
    await follow(me, followed);
    await postStory(followed);
    await postStory(other);
    expect(authorsIn(await strip(me))).toEqual(idsOf(followed));
    // Another's story the member may see (a public member's) can still be opened from their profile.
    expect(await strip(other)).toHaveLength(1);
  });

  it("costs the same number of queries for one group and for many", async () => {
    const me = await someone("me");
    const first = await someone("author");
    await follow(me, first);
    await postStory(first);
    const few = await countQueries(() => call(me, "GET", "/stories"));
    for (let i = 0; i < 4; i++) {
      const author = await someone("author");
      await follow(me, author);
      await postStory(author);
      await postStory(author);
    }
    await postStory(me);
    const many = await countQueries(() => call(me, "GET", "/stories"));
    expect((await strip(me)).length).toBe(6);
    expect(many).toBe(few);
  });
});

describe("private members", () => {
  it("a stranger never gets their stories: not in the strip, not by view or viewers; a follower does", async () => {
    const [owner, stranger, follower] = [
      await someone("owner"),
      await someone("stranger"),
      await someone("fan"),
    ];
    await makePrivate(owner);
    await requestFollow(follower, owner);
    await acceptFollow(owner, follower);
    await requestFollow(stranger, owner); // waiting: a request is not a follow
    const story = await postStory(owner);

    expect(await strip(stranger)).toEqual([]);
    for (const response of [await view(stranger, story), await viewers(stranger, story)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Story not found" });
    }
    expect((await call(stranger, "DELETE", `/stories/${story._id}`)).statusCode).toBe(404);

    expect(authorsIn(await strip(follower))).toEqual(idsOf(owner));
    expect((await view(follower, story)).json()).toEqual({ message: "Story viewed", viewersCount: 1 });
    expect((await viewers(owner, story)).json().viewers.map((v: { _id: string }) => v._id)).toEqual([
      follower.userId,
    ]);
  });

  it("a public member's story may be opened by any member, though only followers have it in their strip", async () => {
    const [owner, passerby] = [await someone("owner"), await someone("passerby")];
    const story = await postStory(owner);
    expect(await strip(passerby)).toEqual([]);
    expect((await view(passerby, story)).json()).toEqual({ message: "Story viewed", viewersCount: 1 });
  });
});

describe("GET /stories/user/{username}", () => {
  const ofMember = async (member: SignedIn, username: string) => {
    const response = await call(member, "GET", `/stories/user/${username}`);
    return { status: response.statusCode, groups: response.json().stories as StoryGroup[] };
  };

  it("gives a public member's live stories to anyone, as one group of the strip, with what each saw", async () => {
    const [owner, passerby] = [await someone("ringowner"), await someone("ringpasser")];
    const first = await postStory(owner);
    const second = await postStory(owner);
    await view(passerby, first);

    const { status, groups } = await ofMember(passerby, owner.username.toUpperCase());
    expect(status).toBe(200);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.user._id).toBe(owner.userId);
    expect(groups[0]?.stories.map((story) => [story._id, story.viewed])).toEqual([
      [first._id, true],
      [second._id, false],
    ]);
    expect(groups[0]?.allViewed).toBe(false);
    // The owner's own, and none for a member without live stories.
    expect((await ofMember(owner, owner.username)).groups[0]?.stories).toHaveLength(2);
    expect(await ofMember(owner, passerby.username)).toEqual({ status: 200, groups: [] });
  });

  it("gives a private member's only to their followers, and nothing across a block", async () => {
    const [owner, stranger, fan, blocker] = [
      await someone("ringpriv"),
      await someone("ringstranger"),
      await someone("ringfan"),
      await someone("ringblocker"),
    ];
    await makePrivate(owner);
    await requestFollow(fan, owner);
    await acceptFollow(owner, fan);
    await postStory(owner);

    expect(await ofMember(stranger, owner.username)).toEqual({ status: 200, groups: [] });
    expect((await ofMember(fan, owner.username)).groups).toHaveLength(1);
    await block(blocker, fan);
    expect((await ofMember(blocker, fan.username)).status).toBe(404);
    expect((await ofMember(fan, blocker.username)).status).toBe(404);
    expect((await ofMember(fan, "nobody_here_at_all")).status).toBe(404);
  });

  it("leaves out a story past its 24 hours", async () => {
    const [owner, passerby] = [await someone("ringold"), await someone("ringlate")];
    await postStory(owner);
    now += 24 * 60 * 60 * 1000;
    expect(await ofMember(passerby, owner.username)).toEqual({ status: 200, groups: [] });
  });
});

describe("blocks, either way", () => {
  it("make each one's stories vanish for the other: strip, view and viewers", async () => {
    const [blocker, blocked, bystander] = [
      await someone("blocker"),
      await someone("blocked"),
      await someone("by"),
    ];
    await follow(blocker, blocked);
    await follow(blocked, blocker);
    const blockersStory = await postStory(blocker);
    const blockedsStory = await postStory(blocked);
    await view(blocked, blockersStory);
    await view(bystander, blockersStory);
    await view(blocker, blockedsStory);
    await block(blocker, blocked);

    expect(authorsIn(await strip(blocker))).toEqual(idsOf(blocker));
    expect(authorsIn(await strip(blocked))).toEqual(idsOf(blocked));
    for (const [member, story] of [
      [blocker, blockedsStory],
      [blocked, blockersStory],
    ] as const) {
      expect((await view(member, story)).statusCode).toBe(404);
      expect((await viewers(member, story)).statusCode).toBe(404);
      expect((await call(member, "DELETE", `/stories/${story._id}`)).statusCode).toBe(404);
    }
    // Each one's view of the other's story went with the block, and the counts with it, both ways;
    // unblocking brings neither back.
    await call(blocker, "PUT", "/user/unblock", { userId: blocked.userId });
    const answer = (await viewers(blocker, blockersStory)).json();
    expect(answer.viewers.map((v: { _id: string }) => v._id)).toEqual([bystander.userId]);
    expect(answer.viewersCount).toBe(1);
    expect((await viewers(blocked, blockedsStory)).json()).toEqual({ viewers: [], viewersCount: 0 });
    expect((await strip(blocker)).find((group) => group.user._id === blocker.userId)?.stories).toEqual([
      expect.objectContaining({ _id: blockersStory._id, viewersCount: 1 }),
    ]);
  });

  it("also when the other blocked (the blocked member cannot view the blocker's story)", async () => {
    const [owner, blocker] = [await someone("owner"), await someone("blocker")];
    const story = await postStory(owner);
    await block(blocker, owner);
    expect((await view(blocker, story)).statusCode).toBe(404);
    expect((await viewers(owner, story)).json()).toEqual({ viewers: [], viewersCount: 0 });
  });
});

describe("POST /stories/{id}/view", () => {
  it("counts a member once however often they open it; the owner's own views count never", async () => {
    const [owner, fan, friend] = [await someone("owner"), await someone("fan"), await someone("friend")];
    await follow(fan, owner);
    const story = await postStory(owner);
    expect((await view(fan, story)).json()).toEqual({ message: "Story viewed", viewersCount: 1 });
    expect((await view(fan, story)).json()).toEqual({ message: "Story viewed", viewersCount: 1 });
    // Two at once store one view. (The one that stored nothing answers the count as its statement
    // began, which on PostgreSQL may be before the other's commit: 1 or 2.)
    const both = await Promise.all([view(friend, story), view(friend, story)]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(Math.max(...both.map((response) => response.json().viewersCount))).toBe(2);
    expect((await view(owner, story)).json()).toEqual({ message: "Story viewed", viewersCount: 2 });

    const answer = (await viewers(owner, story)).json();
    expect(answer.viewersCount).toBe(2);
    expect(answer.viewers.map((v: { _id: string }) => v._id).sort()).toEqual(
      [fan.userId, friend.userId].sort(),
    );
    const [fanGroup] = await strip(fan);
    expect(fanGroup?.stories[0]).toMatchObject({ _id: story._id, viewed: true, viewersCount: 2 });
  });

  it("answers 404 for an id of no id's form, as for an unknown one", async () => {
    const member = await someone("member");
    const malformed = await call(member, "POST", "/stories/not-a-story/view");
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ message: "Story not found" });
    const unknown = await call(member, "POST", "/stories/00000000-0000-4000-8000-000000000000/view");
    expect(unknown.statusCode).toBe(404);
    // The id of something else (a member) is no story either.
    expect((await call(member, "POST", `/stories/${member.userId}/view`)).statusCode).toBe(404);
  });
});

describe("GET /stories/{id}/viewers", () => {
  it("lists the viewers to the owner, newest view first; others who can see the story get 403", async () => {
    const [owner, first, second] = [await someone("owner"), await someone("first"), await someone("second")];
    const story = await postStory(owner);
    await view(first, story);
    now += 1_000;
    await view(second, story);
    const response = await viewers(owner, story);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      viewers: [second, first].map((member) => ({
        _id: member.userId,
        username: expect.any(String),
        fullName: expect.any(String),
        avatar: "",
        viewedAt: expect.any(String),
      })),
      viewersCount: 2,
    });
    const [latest, earlier] = response.json().viewers;
    expect(latest.viewedAt).toBe(new Date(now).toISOString());
    expect(Date.parse(earlier.viewedAt)).toBe(now - 1_000);

    const refused = await viewers(first, story);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "Only the owner can see who viewed this story" });
  });
});

describe("DELETE /stories/{id}", () => {
  it("deletes the owner's story; another member who can see it gets 403 and it stays", async () => {
    const [owner, fan] = [await someone("owner"), await someone("fan")];
    await follow(fan, owner);
    const story = await postStory(owner);
    const refused = await call(fan, "DELETE", `/stories/${story._id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "Only the owner can delete this story" });
    expect(await strip(fan)).toHaveLength(1);

    const deleted = await call(owner, "DELETE", `/stories/${story._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: "Story deleted" });
    expect(await strip(fan)).toEqual([]);
    expect(await strip(owner)).toEqual([]);
    expect((await view(fan, story)).statusCode).toBe(404);
    expect((await call(owner, "DELETE", `/stories/${story._id}`)).statusCode).toBe(404);
  });
});

describe("GET /stories/archive", () => {
  it("pages the member's own stories newest first, and no one else's", async () => {
    const [owner, other] = [await someone("owner"), await someone("other")];
    const made = [await postStory(owner), await postStory(owner), await postStory(owner)];
    await postStory(other);
    const first = await call(owner, "GET", "/stories/archive?limit=2");
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.stories).toEqual([made[2], made[1]]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const second = (await call(owner, "GET", `/stories/archive?limit=2&cursor=${page.nextCursor}`)).json();
    expect(second).toEqual({ stories: [made[0]], nextCursor: null });
    expect((await call(owner, "GET", "/stories/archive?cursor=nonsense")).statusCode).toBe(400);
    expect((await call(owner, "GET", "/stories/archive?limit=0")).statusCode).toBe(400);
  });
});

describe("highlights from stories", () => {
  it("a story's uploaded media is accepted as a highlight's src", async () => {
    const owner = await someone("owner");
    const kept = await upload(owner);
    const story = await postStory(owner, kept.secure_url);
    const response = await call(owner, "POST", "/highlights", {
      name: "Day one",
      type: story.mediaType,
      src: story.mediaUrl,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().highlight).toMatchObject({ type: "image", src: kept.secure_url });
  });
});
