import { FOLLOW_IDS_LISTED, NUL_CHARACTER_MESSAGE } from "@flik/shared";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { follows, users } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import { photoWithGps } from "../../test/media-fixtures.js";

const built = await buildTestApp();
const { app } = built;
const { call, persona, someone, createPost, follow, makePrivate, block, photoOf, videoOf } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");

describe("GET /profile/{username}", () => {
  it("shows another member's public profile, counts and posts, and never their e-mail", async () => {
    const [erin, frank, gina] = await Promise.all([persona("erin"), persona("frank"), persona("gina")]);
    await createPost(erin, { caption: "one" });
    await createPost(erin, { image: await videoOf(erin), caption: "two" });
    await follow(frank, erin);
    await follow(erin, gina);

    const response = await call(frank, "GET", "/profile/Erin");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.isMyProfile).toBe(false);
    expect(body.user).toEqual({
      isRequested: false,
      _id: erin.userId,
      id: erin.userId,
      username: "erin",
      fullName: "Erin Hannon",
      avatar: "",
      profilePic: "",
      website: "",
      bio: "",
      verified: false,
      isPrivate: false,
      postsCount: 2,
      followers: [frank.userId],
      following: [gina.userId],
      followersCount: 1,
      followingCount: 1,
      isFollowed: true,
    });
    expect(body.posts.map((post: { caption: string }) => post.caption)).toEqual(["two", "one"]);
    expect(body.nextCursor).toBeNull();
    expect(response.body).not.toContain("erin@example.com");
  });

  it("says when it is the viewer's own profile", async () => {
    expect((await call(alice, "GET", "/profile/alice")).json().isMyProfile).toBe(true);
  });

  it("answers 404 for an unknown member", async () => {
    const response = await call(bob, "GET", "/profile/nobody-here");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Member not found" });
  });

  it.each(["a%00b", "%00"])(
    "answers 400 for a username with a NUL byte (%s), which no text may hold",
    async (username) => {
      for (const url of [
        `/profile/${username}`,
        `/profile/${username}/posts`,
        `/highlights/user/${username}`,
      ]) {
        const response = await call(bob, "GET", url);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(NUL_CHARACTER_MESSAGE);
      }
    },
  );

  it.each([
    ["a name too long to be one", "x".repeat(60)],
    ["other letters", "%E2%9C%93%20ok"],
  ])("answers 404, never a 500, for a username with %s", async (_case, username) => {
    for (const url of [
      `/profile/${username}`,
      `/profile/${username}/posts`,
      `/highlights/user/${username}`,
    ]) {
      const response = await call(bob, "GET", url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Member not found" });
    }
  });

  it("shows a private member's posts, followers and highlights only to their followers", async () => {
    const dan = await persona("dan");
    await createPost(dan);
    await call(dan, "POST", "/highlights", { name: "Trips", type: "image", src: await photoOf(dan) });
    const fan = await someone("fan");
    await follow(fan, dan);
    await makePrivate(dan);

    const stranger = (await call(carol, "GET", "/profile/dan")).json();
    expect(stranger.user).toMatchObject({ isPrivate: true, postsCount: 1, followersCount: 1 });
    expect(stranger.user).toMatchObject({ followers: [], following: [] });
    expect(stranger.posts).toEqual([]);
    expect((await call(carol, "GET", `/followers/${dan.userId}`)).statusCode).toBe(403);
    expect((await call(carol, "GET", "/highlights/user/dan")).json()).toEqual({ highlights: [] });

    // Following a private member asks; accepted, the posts are there.
    expect((await call(carol, "POST", `/follow/${dan.userId}`)).json()).toMatchObject({ isRequested: true });
    expect((await call(carol, "GET", "/profile/dan")).json().posts).toEqual([]);
    await call(dan, "POST", `/follow-requests/${carol.userId}/accept`);
    const follower = (await call(carol, "GET", "/profile/dan")).json();
    expect(follower.posts).toHaveLength(1);
    expect(follower.user.followers).toEqual([carol.userId, fan.userId]);
    expect((await call(carol, "GET", "/highlights/user/dan")).json().highlights).toHaveLength(1);
  });

  it("lists the ids of the newest followers and followings, as the follower lists show them", async () => {
    const hal = await someone("hal");
    const [ivy, jon, kim] = await Promise.all([someone("ivy"), someone("jon"), someone("kim")]);
    await follow(ivy, hal);
    await follow(jon, hal);
    await follow(hal, kim);
    const listsOfHal = async (viewer: typeof ivy) => {
      const { user } = (await call(viewer, "GET", `/profile/${hal.username}`)).json();
      return { followers: user.followers, following: user.following, isFollowed: user.isFollowed };
    };
    expect(await listsOfHal(kim)).toEqual({
      followers: [jon.userId, ivy.userId],
      following: [kim.userId],
      isFollowed: false,
    });

    // An unfollow leaves the list at once, as the count does; a member blocked either way with the
    // viewer is left out, as GET /followers/{id} leaves them out.
    await call(jon, "POST", `/unfollow/${hal.userId}`);
    await follow(kim, hal);
    expect(await listsOfHal(kim)).toEqual({
      followers: [kim.userId, ivy.userId],
      following: [kim.userId],
      isFollowed: true,
    });
    await block(ivy, kim);
    expect((await listsOfHal(kim)).followers).toEqual([kim.userId]);
    expect((await call(kim, "GET", `/followers/${hal.userId}`)).json().followers).toHaveLength(1);
    expect((await listsOfHal(jon)).followers).toEqual([kim.userId, ivy.userId]);
  });

  it("counts the viewer among the followers whenever they follow, beyond the newest listed", async () => {
    const star = await someone("star");
    const early = await someone("early");
    await follow(early, star);
    // A crowd of later followers, straight in the tables: signing each up would take minutes.
    const { db } = built.database;
    const fans = await db
      .insert(users)
      .values(
        Array.from({ length: FOLLOW_IDS_LISTED }, (_, index) => ({
          username: `crowd${index}`,
          email: `crowd${index}@example.com`,
        })),
      )
      .returning({ id: users.id });
    const later = Date.now() + 60_000;
    await db.insert(follows).values(
      fans.map((fan, index) => ({
        followerId: fan.id,
        followeeId: star.userId,
        createdAt: new Date(later + index),
      })),
    );

    const asEarly = (await call(early, "GET", `/profile/${star.username}`)).json().user;
    expect(asEarly.isFollowed).toBe(true);
    expect(asEarly.followers).toHaveLength(FOLLOW_IDS_LISTED);
    expect(asEarly.followers.at(0)).toBe(fans.at(-1)?.id);
    expect(asEarly.followers.at(-1)).toBe(early.userId);
    const asStranger = (await call(carol, "GET", `/profile/${star.username}`)).json().user;
    expect(asStranger.followers).toHaveLength(FOLLOW_IDS_LISTED);
    expect(asStranger.followers).not.toContain(early.userId);
    expect(asStranger.followers.at(-1)).toBe(fans[0]?.id);
  });
});

describe("GET /profile/me", () => {
  it("lists the ids the member follows and is followed by", async () => {
    await follow(bob, alice);
    await follow(alice, carol);
    const { user } = (await call(alice, "GET", "/profile/me")).json();
    expect(user.followers).toEqual([bob.userId]);
    expect(user.following).toEqual([carol.userId]);
  });
});

describe("PUT /profile/update", () => {
  it("keeps a username from before the periods' rule when sent back unchanged, and refuses it as a new one", async () => {
    const kept = await someone("kept");
    await built.database.db.update(users).set({ username: "kept.name." }).where(eq(users.id, kept.userId));
    const saved = await call(kept, "PUT", "/profile/update", { username: "kept.name.", bio: "Still me" });
    expect(saved.statusCode, saved.body).toBe(200);

    const renamed = await call(alice, "PUT", "/profile/update", { username: "ali..ce" });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({
      message: "Username can't have two periods in a row",
      errors: [{ field: "username" }],
    });
  });

  it("refuses a name kept for Flik as a new one, and keeps one held from before", async () => {
    const renamed = await call(alice, "PUT", "/profile/update", { username: "Support" });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({
      message: "That username isn't available",
      errors: [{ field: "username" }],
    });
    const signup = await built.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: {
        fullName: "Flik",
        username: "flik",
        email: "flik-team@example.com",
        password: "correct-horse-42",
      },
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().errors).toEqual([{ field: "username", message: "That username isn't available" }]);

    const kept = await someone("held");
    await built.database.db.update(users).set({ username: "help" }).where(eq(users.id, kept.userId));
    const saved = await call(kept, "PUT", "/profile/update", { username: "help", bio: "Was mine first" });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("keeps a full name's direction to itself: an override or isolate is left out, a direction mark kept", async () => {
    const dana = await someone("dana");
    const response = await call(dana, "PUT", "/profile/update", { fullName: "\u202eDana \u200fדנה\u2069" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.fullName).toBe("Dana \u200fדנה");
    expect((await call(dana, "GET", "/user")).json().user.fullName).toBe("Dana \u200fדנה");
  });

  it("keeps a full name on one line and a bio's line breaks, without the control characters a script sent", async () => {
    const finn = await someone("finn");
    const response = await call(finn, "PUT", "/profile/update", {
      fullName: "Finn\nthe\tHuman\u0007",
      bio: "\u0007Adventure\r\ntime\u001b[31m",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ fullName: "Finn the Human", bio: "Adventure\ntime[31m" });
    expect((await call(finn, "GET", "/user")).json().user).toMatchObject({
      fullName: "Finn the Human",
      bio: "Adventure\ntime[31m",
    });
  });

  it("keeps a website whose path names someone with an @", async () => {
    const erin = await someone("erin");
    const response = await call(erin, "PUT", "/profile/update", { website: "https://medium.example/@erin" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.website).toBe("https://medium.example/@erin");
  });

  it.each([
    "https://example.com:8080",
    "https://example.com/about/me",
    "https://example.com/search?q=flik&page=2",
  ])("keeps the website %s, a link the profile shows", async (website) => {
    const erin = await someone("erin");
    const response = await call(erin, "PUT", "/profile/update", { website });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.website).toBe(website);
  });

  it("takes each of spec §7's payload forms, changing only what is sent", async () => {
    const first = await call(alice, "PUT", "/profile/update", {
      username: "alice.l",
      website: "https://alice.example.com",
      bio: "Down the rabbit hole",
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({
      username: "alice.l",
      website: "https://alice.example.com",
      bio: "Down the rabbit hole",
    });

    const second = await call(alice, "PUT", "/profile/update", {
      bio: "Through the looking glass",
      gender: "female",
      username: "alice",
      fullName: "Alice L.",
    });
    expect(second.json().user).toMatchObject({
      username: "alice",
      gender: "female",
      fullName: "Alice L.",
      website: "https://alice.example.com",
    });

    const picture = await photoOf(alice);
    const third = await call(alice, "PUT", "/profile/update", { avatar: picture });
    expect(third.json().user).toMatchObject({
      avatar: picture,
      profilePic: picture,
      bio: "Through the looking glass",
    });
  });

  it("keeps a bio without the spaces and blank lines around it, and one of blanks alone as none", async () => {
    const member = await someone("bio");
    const saved = await call(member, "PUT", "/profile/update", { bio: "  hi  \n\n\n\n  there \n\n" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user.bio).toBe("hi\n\n  there");
    const blank = await call(member, "PUT", "/profile/update", { bio: " \u200b\u3164 \n " });
    expect(blank.json().user.bio).toBe("");
  });

  it.each([
    ["Female", "female"],
    ["Prefer not to say", "prefer_not_to_say"],
    ["prefer_not_to_say", "prefer_not_to_say"],
    [" OTHER ", "other"],
    ["", null],
    [null, null],
  ])("takes the gender %j, a label of spec §2's select or its value, as %j", async (sent, kept) => {
    const response = await call(carol, "PUT", "/profile/update", { gender: sent });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.gender).toBe(kept);
    expect((await call(carol, "GET", "/user")).json().user.gender).toBe(kept);
  });

  it("keeps a data URL avatar as a 300x300 JPEG without metadata", async () => {
    const photo = await photoWithGps(800, 600);
    const response = await call(bob, "PUT", "/profile/update", {
      avatar: `data:image/jpeg;base64,${photo.toString("base64")}`,
    });
    expect(response.statusCode).toBe(200);
    const { avatar } = response.json().user;
    expect(avatar).toMatch(/^\/media\/image\/[0-9a-f-]{36}\.jpg$/);
    const served = await app.inject({ url: avatar });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 300, height: 300 });
    expect(meta.exif).toBeUndefined();
  });

  it.each([
    ["a 151-character bio", { bio: "x".repeat(151) }, "bio", "Bio must be at most 150 characters"],
    [
      "a website that is not http(s)",
      { website: "javascript:alert(1)" },
      "website",
      "Website must start with http:// or https://",
    ],
    [
      "a website with no domain",
      { website: "https://localhost" },
      "website",
      "Website must be a full address, like https://example.com",
    ],
    [
      "a website of one letter",
      { website: "http://x" },
      "website",
      "Website must be a full address, like https://example.com",
    ],
    [
      "a website whose port is over 65535",
      { website: "https://example.com:99999" },
      "website",
      "Website must be a full address, like https://example.com",
    ],
    [
      "a website whose port is not a number",
      { website: "https://example.com:80a" },
      "website",
      "Website must be a full address, like https://example.com",
    ],
    [
      "a website with a NUL in its host",
      { website: "https://ex%00ample.com" },
      "website",
      "Website must be a full address, like https://example.com",
    ],
    [
      "a website with a username and password before its host",
      { website: "https://bank.example:pw@evil.example/login" },
      "website",
      "Website can't include a username or password",
    ],
    ["a username with spaces", { username: "alice liddell" }, "username", undefined],
    ["an unknown gender", { gender: "robot" }, "gender", "Choose one of the listed genders"],
    ["a number as gender", { gender: 1 }, "gender", "Choose one of the listed genders"],
    ["a gender with a NUL", { gender: "male\u0000" }, "gender", undefined],
    [
      "an avatar that is a script URL",
      { avatar: "javascript:alert(1)" },
      "avatar",
      "Avatar must be an image",
    ],
    ["a number as bio", { bio: 42 }, "bio", undefined],
  ])("refuses %s with 400", async (_case, payload, field, message) => {
    const response = await call(alice, "PUT", "/profile/update", payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors.map((error: { field: string }) => error.field)).toContain(field);
    if (message) expect(body.message).toBe(message);
  });

  it("refuses a data URL that is not really an image with 415", async () => {
    const fake = Buffer.from("<svg onload=alert(1)>").toString("base64");
    const response = await call(alice, "PUT", "/profile/update", { avatar: `data:image/png;base64,${fake}` });
    expect(response.statusCode).toBe(415);
  });

  it("refuses a username someone else has with 409", async () => {
    const response = await call(alice, "PUT", "/profile/update", { username: "BOB" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: "That username is already taken",
      errors: [{ field: "username", message: "That username is already taken" }],
    });
  });

  it("ignores fields a member may not set", async () => {
    const response = await call(alice, "PUT", "/profile/update", {
      verified: true,
      email: "x@example.com",
      bio: "ok",
    });
    expect(response.json().user).toMatchObject({ verified: false, email: "alice@example.com", bio: "ok" });
  });
});

describe("PUT /user", () => {
  it("changes full name, username and bio, and nothing else", async () => {
    const response = await call(carol, "PUT", "/user", {
      fullName: "Captain Marvel",
      bio: "Higher",
      website: "https://x.com",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ fullName: "Captain Marvel", bio: "Higher", website: "" });
  });
});
