import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { users } from "../../db/schema.js";

/** What the account calls check against: the member's names, contact details and password hash. */
export async function findAccount(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      emailVerified: users.emailVerified,
      phone: users.phone,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Whether another member uses this e-mail address (stored lower-case) or phone number (E.164). */
export async function takenByOther(db: Db, userId: string, by: { email: string } | { phone: string }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and("email" in by ? eq(users.email, by.email) : eq(users.phone, by.phone), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** Switches the member's address or number to a verified one; a unique violation when taken meanwhile. */
export async function setVerifiedContact(
  db: Db,
  userId: string,
  contact: { email: string } | { phone: string },
) {
  const values =
    "email" in contact
      ? { email: contact.email, emailVerified: true }
      : { phone: contact.phone, phoneVerified: true };
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}
