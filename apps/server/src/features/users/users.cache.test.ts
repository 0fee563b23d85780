import type { User } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { fakeAnnouncements } from "../../test/fake-announcements.js";
import { createAccountCache } from "./users.cache.js";

const account = (id: string, fullName = "Alice") =>
  ({ _id: id, id, fullName, followers: [], following: [], blockedUsers: [] }) as unknown as User;

describe("account cache", () => {
  it("reads once, then answers from memory until the account or member is announced", async () => {
    const announcements = fakeAnnouncements();
    const cache = createAccountCache(announcements);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return account("u1");
    };
    await cache.through("u1", read);
    await cache.through("u1", read);
    expect(reads).toBe(1);
    announcements.announce("account:u1");
    await cache.through("u1", read);
    expect(reads).toBe(2);
    announcements.announce("member:u1");
    await cache.through("u1", read);
    announcements.announce(null);
    await cache.through("u1", read);
    expect(reads).toBe(4);
  });

  it("does not keep what was read while something was forgotten", async () => {
    const cache = createAccountCache(fakeAnnouncements());
    await cache.through("u1", async () => {
      cache.forget(["u1"]); // changed while the read was under way
      return account("u1", "Old name");
    });
    expect(cache.find("u1")).toBeUndefined();
  });

  it("trusts nothing while announcements are not heard", async () => {
    const announcements = fakeAnnouncements();
    const cache = createAccountCache(announcements);
    await cache.through("u1", async () => account("u1"));
    announcements.live = false;
    expect(cache.find("u1")).toBeUndefined();
  });

  it("shares kept answers that no request can change", async () => {
    const cache = createAccountCache(fakeAnnouncements());
    await cache.through("u1", async () => account("u1"));
    const kept = cache.find("u1");
    expect(Object.isFrozen(kept)).toBe(true);
    expect(Object.isFrozen(kept?.following)).toBe(true);
  });
});
