import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp, collectEvents, nextEvent, realtimeBed, roundTrip } from "../../test/helper.js";

/** accountChanged: a member's own tabs hear that their account changed, whichever tab changed it. */
const built = await buildTestApp();
const { socketOf } = await realtimeBed(built);
const { call, someone, block } = factories(built);

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
  it("reaches every tab, strangers' too, but none of a member blocked with them", async () => {
    const [member, stranger, blocked] = [
      await someone("priv_owner"),
      await someone("priv_stranger"),
      await someone("priv_blocked"),
    ];
    await block(member, blocked);
    const [strangersTab, blockedTab] = [await socketOf(stranger), await socketOf(blocked)];
    const blockedHeard = collectEvents(blockedTab, "memberPrivacyChanged");

    const goingPrivate = nextEvent(strangersTab, "memberPrivacyChanged");
    expect((await call(member, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    expect(await goingPrivate).toEqual({ userId: member.userId, isPrivate: true });

    const goingPublic = nextEvent(strangersTab, "memberPrivacyChanged");
    expect((await call(member, "PUT", "/user/privacy", { isPrivate: false })).statusCode).toBe(200);
    expect(await goingPublic).toEqual({ userId: member.userId, isPrivate: false });

    await roundTrip(blockedTab);
    expect(blockedHeard).toEqual([]);
  });

  it("is not told for settings that leave privacy alone, and a flood of changes is refused", async () => {
    const [member, stranger] = [await someone("priv_quiet"), await someone("priv_listener")];
    const tab = await socketOf(stranger);
    const heard = collectEvents(tab, "memberPrivacyChanged");
    expect((await call(member, "PUT", "/user/privacy", { emailNotifications: false })).statusCode).toBe(200);
    await roundTrip(tab);
    expect(heard).toEqual([]);

    const answers: number[] = [];
    for (let change = 0; change < 21; change++)
      answers.push((await call(member, "PUT", "/user/privacy", { isPrivate: change % 2 === 0 })).statusCode);
    expect(answers.slice(0, 19).every((status) => status === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });
});
