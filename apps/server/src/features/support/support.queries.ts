import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { supportRequests, users } from "../../db/schema.js";

export async function insertSupportRequest(db: Db, userId: string, message: string) {
  const [row] = await db
    .insert(supportRequests)
    .values({ userId, message })
    .returning({ id: supportRequests.id });
  if (!row) throw new Error("support request insert returned no row");
  return row.id;
}

/**
 * How many requests the member sent after `since`, and when the first of them was (read from the
 * member's index): when the member may send again once they are at the limit.
 */
export async function requestsSince(db: Db, userId: string, since: Date) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      first: sql<Date | null>`min(${supportRequests.createdAt})`.mapWith(supportRequests.createdAt),
    })
    .from(supportRequests)
    .where(and(eq(supportRequests.userId, userId), gt(supportRequests.createdAt, since)));
  return { count: row?.count ?? 0, first: row?.first ?? null };
}

/** A request with who sent it, as the support mail tells it. */
export async function findSupportRequest(db: Db, id: string) {
  const [row] = await db
    .select({
      id: supportRequests.id,
      message: supportRequests.message,
      createdAt: supportRequests.createdAt,
      mailedAt: supportRequests.mailedAt,
      member: { id: users.id, username: users.username, fullName: users.fullName, email: users.email },
    })
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.userId))
    .where(eq(supportRequests.id, id));
  return row;
}

export async function markSupportMailed(db: Db, id: string, at: Date) {
  await db.update(supportRequests).set({ mailedAt: at }).where(eq(supportRequests.id, id));
}
