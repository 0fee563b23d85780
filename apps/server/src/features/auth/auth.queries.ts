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
