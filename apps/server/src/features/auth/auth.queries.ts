import { eq, or } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { users } from "../../db/schema.js";

/** The member whose username or e-mail is `identifier` (both are stored lower-case). */
export async function findByIdentifier(db: Db, identifier: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(or(eq(users.username, identifier), eq(users.email, identifier)))
    .limit(1);
  return row;
}

/** Which of a username and an e-mail already belong to someone. */
export async function findTaken(db: Db, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(eq(users.username, username), eq(users.email, email)));
  return {
    username: rows.some((row) => row.username === username),
    email: rows.some((row) => row.email === email),
  };
}

export async function insertMember(
  db: Db,
  values: { fullName: string; username: string; email: string; passwordHash: string },
) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id, username: users.username });
  if (!row) throw new Error("insert into users returned no row");
  return row;
}

/** The member an e-mail address belongs to (stored lower-case), for a password reset. */
export async function findByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

/**
 * Stores a new password hash; `emailVerified` when the change itself proved the address (a reset by an
 * e-mailed code). False when the member no longer exists.
 */
export async function updatePasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  options: { emailVerified?: true } = {},
) {
  const rows = await db
    .update(users)
    .set({ passwordHash, ...options, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}
