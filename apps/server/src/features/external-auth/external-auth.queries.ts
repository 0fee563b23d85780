import { and, asc, count, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { handoffCodes, userIdentities, users } from "../../db/schema.js";

/** The member an identity (the token's issuer and subject) signs in, with the identity's row. */
export async function findIdentity(db: Db, issuer: string, subject: string) {
  const [row] = await db
    .select({
      id: userIdentities.id,
      userId: userIdentities.userId,
      email: userIdentities.email,
      username: users.username,
    })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
    .limit(1);
  return row;
}

/** Whether an e-mail address (stored lower-case) belongs to a member. */
export async function emailTaken(db: Db, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/** Which of these usernames already belong to someone. */
export async function takenUsernames(db: Db, names: string[]) {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(users.username, names));
  return new Set(rows.map((row) => row.username));
}

/** A new member without a password and the identity they signed up with, together or not at all. */
export async function insertExternalMember(
  db: Db,
  member: { username: string; email: string; fullName: string; emailVerified: boolean; avatar: string },
  identity: { issuer: string; subject: string; email: string | null },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ ...member, passwordHash: null })
      .returning({ id: users.id, username: users.username });
    if (!row) throw new Error("insert into users returned no row");
    await tx.insert(userIdentities).values({ ...identity, userId: row.id });
    return row;
  });
}

/** Keeps the e-mail address the provider gave with the identity's latest sign-in. */
export async function updateIdentityEmail(db: Db, id: string, email: string | null) {
  await db.update(userIdentities).set({ email }).where(eq(userIdentities.id, id));
}

/** Links an identity to a member; false when it is linked already (to them or to someone else). */
export async function insertIdentity(
  db: Db,
  values: { userId: string; issuer: string; subject: string; email: string | null },
) {
  const rows = await db
    .insert(userIdentities)
    .values(values)
    .onConflictDoNothing({ target: [userIdentities.issuer, userIdentities.subject] })
    .returning({ id: userIdentities.id });
  return rows.length > 0;
}

/** A member's identities, oldest first, and whether they have a password. */
export async function identitiesOf(db: Db, userId: string) {
  const [member] = await db
    .select({ hasPassword: sql<boolean>`${users.passwordHash} is not null` })
    .from(users)
    .where(eq(users.id, userId));
  const identities = await db
    .select({
      id: userIdentities.id,
      issuer: userIdentities.issuer,
      email: userIdentities.email,
      createdAt: userIdentities.createdAt,
    })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(asc(userIdentities.createdAt), asc(userIdentities.id));
  return member && { hasPassword: member.hasPassword, identities };
}

/**
 * Removes one of the member's own identities, unless it is their last way to sign in (no password and
 * no other identity): "not found" for an identity that is not theirs, "last" when it is the last. The
 * member's row is locked first, so two removals at once cannot both see another way left.
 */
export async function deleteOwnIdentity(
  db: Db,
  userId: string,
  id: string,
): Promise<"deleted" | "not found" | "last"> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ hasPassword: sql<boolean>`${users.passwordHash} is not null` })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!member) return "not found";
    const [own] = await tx
      .select({ id: userIdentities.id })
      .from(userIdentities)
      .where(and(eq(userIdentities.id, id), eq(userIdentities.userId, userId)));
    if (!own) return "not found";
    if (!member.hasPassword) {
      const [counted] = await tx
        .select({ n: count() })
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId));
      if ((counted?.n ?? 0) <= 1) return "last";
    }
    await tx.delete(userIdentities).where(eq(userIdentities.id, id));
    return "deleted";
  });
}

/** Stores a hand-off code's hash, sweeping codes that expired (their index finds them). */
export async function insertHandoffCode(
  db: Db,
  values: { codeHash: string; userId: string; createdAt: Date; expiresAt: Date },
) {
  await db.delete(handoffCodes).where(lt(handoffCodes.expiresAt, values.createdAt));
  await db.insert(handoffCodes).values(values);
}

/** Consumes a live hand-off code (once, however many exchanges race): the member it hands over. */
export async function consumeHandoffCode(db: Db, codeHash: string, now: Date) {
  const [row] = await db
    .delete(handoffCodes)
    .where(and(eq(handoffCodes.codeHash, codeHash), gt(handoffCodes.expiresAt, now)))
    .returning({ userId: handoffCodes.userId });
  if (!row) return undefined;
  const [member] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, row.userId));
  return member;
}
