import type { Notification } from "@flik/shared";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { blocks, notifications, users } from "../../db/schema.js";
import { announcement, factories, type NamedMember } from "../../test/factories.js";
import { buildTestApp, type SignedIn } from "../../test/helper.js";

/**
 * Pages of notifications are kept per node as their recipients were answered (platform/kept-answers.ts).
 * Whatever changes one, through this node's API, another node or a tool writing to the database, the
 * next read shows it.
 */
const built = await buildTestApp();
const { call, someone, createPost, like } = factories(built);
const { db } = built.database;

let owner: NamedMember;
let fan: NamedMember;
beforeEach(async () => {
  owner = await someone("kept_owner");
  fan = await someone("kept_fan");
});

async function page(member: SignedIn) {
  const response = await call(member, "GET", "/notifications?limit=20");
  expect(response.statusCode).toBe(200);
  return response.json() as { notifications: Notification[]; unreadCount: number };
}

/** Reads twice, so the second answer would be the kept one if nothing forgot it. */
async function keptPage(member: SignedIn) {
  await page(member);
  return page(member);
}

describe("kept notifications", () => {
  it("show a like made here at once, and its reading", async () => {
    const post = await createPost(owner);
    expect((await keptPage(owner)).notifications).toEqual([]);
    await like(fan, post);
    const seen = await page(owner);
    expect(seen.notifications.map((n) => n.type)).toEqual(["like"]);
    expect(seen.unreadCount).toBe(1);
    expect((await call(owner, "PUT", "/notifications/mark-all")).statusCode).toBe(200);
    expect(await page(owner)).toMatchObject({ unreadCount: 0, notifications: [{ read: true }] });
  });

  it("show a notification another node stored, and its reading there", async () => {
    expect((await keptPage(owner)).notifications).toEqual([]);
    const stored = announcement(built, `notifications:${owner.userId}`);
    const [made] = await db
      .insert(notifications)
      .values({ recipientId: owner.userId, senderId: fan.userId, type: "follow" })
      .returning({ id: notifications.id });
    await stored;
    expect((await page(owner)).notifications.map((n) => n._id)).toEqual([made?.id]);
    const read = announcement(built, `notifications:${owner.userId}`);
    await db.update(notifications).set({ read: true }).where(eq(notifications.recipientId, owner.userId));
    await read;
    expect((await page(owner)).notifications[0]?.read).toBe(true);
  });

  it("show a sender's new name", async () => {
    await like(fan, await createPost(owner));
    expect((await keptPage(owner)).notifications[0]?.sender?.username).toBe(fan.username);
    const renamed = announcement(built, `member:${fan.userId}`);
    await db
      .update(users)
      .set({ username: `${fan.username}_renamed` })
      .where(eq(users.id, fan.userId));
    await renamed;
    expect((await page(owner)).notifications[0]?.sender?.username).toBe(`${fan.username}_renamed`);
  });

  it("leave out a sender who blocks the recipient on another node, and bring them back", async () => {
    await like(fan, await createPost(owner));
    expect((await keptPage(owner)).notifications).toHaveLength(1);
    const blocked = announcement(built, `blocked:${owner.userId}`);
    await db.insert(blocks).values({ blockerId: fan.userId, blockedId: owner.userId });
    await blocked;
    expect((await keptPage(owner)).notifications).toEqual([]);
    const unblocked = announcement(built, `blocked:${owner.userId}`);
    await db.delete(blocks).where(and(eq(blocks.blockerId, fan.userId), eq(blocks.blockedId, owner.userId)));
    await unblocked;
    expect((await page(owner)).notifications).toHaveLength(1);
  });
});
