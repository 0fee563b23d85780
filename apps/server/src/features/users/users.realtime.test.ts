import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp, collectEvents, nextEvent, realtimeBed, roundTrip } from "../../test/helper.js";
import { PROFILES_WATCHED_PER_SOCKET } from "./users.sockets.js";

/** accountChanged: a member's own tabs hear that their account changed, whichever tab changed it. */
const built = await buildTestApp();
const { socketOf } = await realtimeBed(built);
const { call, someone, block, createPost } = factories(built);

describe("accountChanged", () => {
  it("reaches every tab of the member when a setting or their profile changes, and no one else", async () => {
    const [member, other] = [await someone("acct"), await someone("acct_other")];
    const [tab, otherTab, othersTab] = [
      await socketOf(member),
      await socketOf(member),
      await socketOf(other),
    ];
    const othersHeard = collectEvents(othersTab, "accountChanged");

    const heard = [nextEvent(tab, "accountChanged"), nextEvent(otherTab, "accountChanged")];
    const privacy = await call(member, "PUT", "/user/privacy", { emailNotifications: false });
    expect(privacy.statusCode, privacy.body).toBe(200);
    await Promise.all(heard);

    const again = [nextEvent(tab, "accountChanged"), nextEvent(otherTab, "accountChanged")];
    const profile = await call(member, "PUT", "/user", { bio: "New here" });
    expect(profile.statusCode, profile.body).toBe(200);
    await Promise.all(again);

    await roundTrip(othersTab);
    expect(othersHeard).toEqual([]);
  });
});

describe("memberPrivacyChanged", () => {
  it("reaches the tabs watching the member's posts, but none of a member blocked with them, nor others", async () => {
    const [member, stranger, elsewhere] = [
      await someone("priv_owner"),
      await someone("priv_stranger"),
      await someone("priv_elsewhere"),
    ];
    const post = await createPost(member);
    const [strangersTab, othersTab] = [await socketOf(stranger), await socketOf(elsewhere)];
    expect((await strangersTab.emitWithAck("joinPostRoom", post._id)).ok).toBe(true);
    const othersHeard = collectEvents(othersTab, "memberPrivacyChanged");

    const goingPrivate = nextEvent(strangersTab, "memberPrivacyChanged");
    expect((await call(member, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    expect(await goingPrivate).toEqual({ userId: member.userId, isPrivate: true });

    // A member who blocks the watcher: their going public again is not told to them.
    const blocker = await someone("priv_blocker");
    const blockersPost = await createPost(blocker);
    expect((await othersTab.emitWithAck("joinPostRoom", blockersPost._id)).ok).toBe(true);
    await block(blocker, elsewhere);
    expect((await call(blocker, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    await roundTrip(othersTab);
    expect(othersHeard).toEqual([]);
  });

  it("reaches a stranger's open profile, which watches none of her posts (locked), until it is closed", async () => {
    const [member, stranger, blocked] = [
      await someone("priv_watched"),
      await someone("priv_looker"),
      await someone("priv_shut_out"),
    ];
    expect((await call(member, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    const [strangersTab, blockedTab] = [await socketOf(stranger), await socketOf(blocked)];
    // An id in capitals names the same member.
    expect(await strangersTab.emitWithAck("watchProfile", member.userId.toUpperCase())).toEqual({ ok: true });
    expect(await blockedTab.emitWithAck("watchProfile", member.userId)).toEqual({ ok: true });
    await block(member, blocked);
    const blockedHeard = collectEvents(blockedTab, "memberPrivacyChanged");

    const goingPublic = nextEvent(strangersTab, "memberPrivacyChanged");
    expect((await call(member, "PUT", "/user/privacy", { isPrivate: false })).statusCode).toBe(200);
    expect(await goingPublic).toEqual({ userId: member.userId, isPrivate: false });
    await roundTrip(blockedTab);
    expect(blockedHeard).toEqual([]);

    // Closed: told no more.
    const strangerHeard = collectEvents(strangersTab, "memberPrivacyChanged");
    expect(await strangersTab.emitWithAck("unwatchProfile", member.userId)).toEqual({ ok: true });
    expect((await call(member, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    await roundTrip(strangersTab);
    expect(strangerHeard).toEqual([]);
  });

  it("refuses a watch of no member's id, and lets the oldest of too many watches go", async () => {
    const [watcher, ...members] = [
      await someone("priv_many"),
      ...(await Promise.all(
        Array.from({ length: PROFILES_WATCHED_PER_SOCKET + 1 }, (_, n) => someone(`priv_watched${n}`)),
      )),
    ];
    const tab = await socketOf(watcher);
    for (const bad of ["not-an-id", 42, null, "x".repeat(10_000)])
      for (const event of ["watchProfile", "unwatchProfile"] as const)
        expect(await tab.emitWithAck(event, bad as string)).toEqual({
          ok: false,
          error: "userId must be a member id",
          status: 400,
        });
    // Sent together: each watch sees the ones before it, whatever their awaits.
    const watches = await Promise.all(
      members.map((member) => tab.emitWithAck("watchProfile", member.userId)),
    );
    expect(watches).toEqual(members.map(() => ({ ok: true })));
    const heard = collectEvents(tab, "memberPrivacyChanged");

    for (const member of members)
      expect((await call(member, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    await roundTrip(tab);
    expect(heard.map((event) => event.userId)).toEqual(members.slice(1).map((member) => member.userId));
  });

  it("is told only when privacy changes, and more than 20 saves a minute are refused", async () => {
    const [member, watcher] = [await someone("priv_quiet"), await someone("priv_listener")];
    const post = await createPost(member);
    const tab = await socketOf(watcher);
    expect((await tab.emitWithAck("joinPostRoom", post._id)).ok).toBe(true);
    const heard = collectEvents(tab, "memberPrivacyChanged");
    expect((await call(member, "PUT", "/user/privacy", { emailNotifications: false })).statusCode).toBe(200);
    expect((await call(member, "PUT", "/user/privacy", { isPrivate: false })).statusCode).toBe(200);
    await roundTrip(tab);
    expect(heard).toEqual([]);

    // Two saves made; 18 more are taken, the 21st is not.
    const answers: number[] = [];
    for (let save = 0; save < 19; save++)
      answers.push((await call(member, "PUT", "/user/privacy", { isPrivate: save % 2 === 0 })).statusCode);
    expect(answers.slice(0, 18)).toEqual(Array(18).fill(200));
    expect(answers[18]).toBe(429);
  });
});
