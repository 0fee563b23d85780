import { describe, expect, it } from "vitest";
import { fakeAnnouncements } from "../../test/fake-announcements.js";
import { createSessionCache, type KeptSession } from "./sessions.cache.js";

const session = (userId: string, sessionId: string, expiresAt = Date.now() + 60_000): KeptSession => ({
  caller: { userId, sessionId, username: userId },
  expiresAt,
  lastActiveAt: Date.now(),
});

describe("session cache", () => {
  it("keeps a looked-up session and forgets it when its session or member is announced", () => {
    const announcements = fakeAnnouncements();
    const cache = createSessionCache(announcements);
    cache.keep("t1", session("u1", "s1"), cache.lookupStarts());
    cache.keep("t2", session("u1", "s2"), cache.lookupStarts());
    cache.keep("t3", session("u2", "s3"), cache.lookupStarts());
    expect(cache.find("t1")?.caller.sessionId).toBe("s1");

    announcements.announce("session:s1");
    expect(cache.find("t1")).toBeUndefined();
    expect(cache.find("t2")).toBeDefined();

    announcements.announce("member:u1");
    expect(cache.find("t2")).toBeUndefined();
    expect(cache.find("t3")).toBeDefined();

    announcements.announce(null);
    expect(cache.find("t3")).toBeUndefined();
  });

  it("does not keep what a lookup read before something was forgotten", () => {
    const announcements = fakeAnnouncements();
    const cache = createSessionCache(announcements);
    const startedAt = cache.lookupStarts();
    announcements.announce("session:s1"); // revoked while the lookup was reading the old row
    cache.keep("t1", session("u1", "s1"), startedAt);
    expect(cache.find("t1")).toBeUndefined();
  });

  it("trusts nothing while announcements are not heard, and nothing expired", () => {
    const announcements = fakeAnnouncements();
    const cache = createSessionCache(announcements);
    cache.keep("t1", session("u1", "s1"), cache.lookupStarts());
    cache.keep("t2", session("u2", "s2", Date.now() - 1), cache.lookupStarts());
    expect(cache.find("t2")).toBeUndefined();
    announcements.live = false;
    expect(cache.find("t1")).toBeUndefined();
    cache.keep("t3", session("u3", "s3"), cache.lookupStarts());
    announcements.live = true;
    expect(cache.find("t3")).toBeUndefined();
  });

  it("forgets sessions this node ended, and stays within its bound", () => {
    const announcements = fakeAnnouncements();
    const cache = createSessionCache(announcements, { max: 2, ttlMs: 60_000 });
    cache.keep("t1", session("u1", "s1"), cache.lookupStarts());
    cache.forgetSessions(["s1"]);
    expect(cache.find("t1")).toBeUndefined();
    for (const n of [1, 2, 3]) cache.keep(`t${n}`, session("u", `s${n}`), cache.lookupStarts());
    expect(cache.size).toBe(2);
    expect(cache.find("t1")).toBeUndefined();
    announcements.announce("member:u");
    expect(cache.size).toBe(0);
  });
});
