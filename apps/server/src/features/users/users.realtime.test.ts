import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp, collectEvents, nextEvent, realtimeBed, roundTrip } from "../../test/helper.js";

/** accountChanged: a member's own tabs hear that their account changed, whichever tab changed it. */
const built = await buildTestApp();
const { socketOf } = await realtimeBed(built);
const { call, someone } = factories(built);

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
