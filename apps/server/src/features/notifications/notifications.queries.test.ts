import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import { storeAcceptedFollowNotifications, storeNotificationForEach } from "./notifications.queries.js";

const built = await buildTestApp();
const { call, someone } = factories(built);

describe("what accepted follow requests leave, many at once (going public)", () => {
  it("stores what accepted requests leave for no account gone and across no block, once per follower", async () => {
    // Blocking or leaving ends a request first; these guard the moment between the accept and its news.
    const owner = await someone("owner");
    const [kept, blocked] = [await someone("kept"), await someone("blocked")];
    expect((await call(owner, "POST", "/user/block", { userId: blocked.userId })).statusCode).toBe(200);
    const { db } = built.database;
    const requesterIds = [kept.userId, blocked.userId, randomUUID()];

    await storeAcceptedFollowNotifications(db, owner.userId, requesterIds);
    await storeAcceptedFollowNotifications(db, owner.userId, requesterIds);
    const told = await storeNotificationForEach(db, {
      type: "follow_accepted",
      senderId: owner.userId,
      recipientIds: requesterIds,
    });

    const ownersRows = await db
      .select({ type: notifications.type, senderId: notifications.senderId, read: notifications.read })
      .from(notifications)
      .where(eq(notifications.recipientId, owner.userId));
    expect(ownersRows).toEqual([{ type: "follow", senderId: kept.userId, read: true }]);
    expect(
      told.map(({ row, unreadCount }) => [row.notification.recipientId, row.notification.type, unreadCount]),
    ).toEqual([[kept.userId, "follow_accepted", 1]]);
  });
});
