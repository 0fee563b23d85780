import { eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { users } from "../../db/schema.js";

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}
