import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { perDatabase } from "../../db/prepared.js";
import { sessions, users } from "../../db/schema.js";

const active = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

export async function insertSession(
  db: Db,
  values: { userId: string; device: string; browser: string; location: string; expiresAt: Date },
) {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error("insert into sessions returned no row");
  return row;
}

/**
 * Every authenticated request runs this lookup (the session, and the member's current username), so it
 * is prepared once per database instead of being rebuilt per request: when first asked for, as the
 * other prepared statements are, not as the server starts (building it there took 17 ms of a restart).
 */
const prepareFindActiveSession = perDatabase((db) =>
  db
    .select({ session: sessions, username: users.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("id")),
        eq(sessions.userId, sql.placeholder("userId")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .prepare("find_active_session"),
);

/** The session `id` of member `userId`, with their current username, while it is active. */
export async function findActiveSession(db: Db, id: string, userId: string) {
  const [row] = await prepareFindActiveSession(db).execute({ id, userId, now: new Date() });
  return row;
}

/** Marks a session as seen now, at most once per `interval` so requests don't each write a row. */
export async function touchSession(db: Db, id: string, interval: number) {
  const now = new Date();
  await db
    .update(sessions)
    .set({ lastActiveAt: now })
    .where(and(eq(sessions.id, id), lt(sessions.lastActiveAt, new Date(now.getTime() - interval))));
}

/** When a session began (its sign-in), or nothing once it is gone. */
export async function sessionStartedAt(db: Db, id: string) {
  const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, id));
  return row?.createdAt;
}

export function listActiveSessions(db: Db, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), active(new Date())))
    .orderBy(desc(sessions.lastActiveAt));
}

/** Revokes the member's sessions that match; returns the ids it revoked. */
export async function revokeSessions(db: Db, userId: string, which: { only?: string; except?: string }) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        which.only ? eq(sessions.id, which.only) : undefined,
        which.except ? ne(sessions.id, which.except) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}
