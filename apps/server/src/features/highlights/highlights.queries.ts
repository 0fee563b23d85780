import { asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { highlights } from "../../db/schema.js";

type HighlightValues = { name: string; type: string; src: string };

export function highlightsOf(db: Db, userId: string) {
  return db
    .select()
    .from(highlights)
    .where(eq(highlights.userId, userId))
    .orderBy(asc(highlights.createdAt), asc(highlights.id));
}

/** How many highlights the member keeps (an index-only count on highlights_user_idx). */
export async function highlightsCountOf(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ kept: count() }).from(highlights).where(eq(highlights.userId, userId));
  return row?.kept ?? 0;
}

export async function findHighlight(db: Db, id: string) {
  const [row] = await db.select().from(highlights).where(eq(highlights.id, id));
  return row;
}

export async function insertHighlight(db: Db, userId: string, values: HighlightValues) {
  const [row] = await db
    .insert(highlights)
    .values({ userId, ...values })
    .returning();
  if (!row) throw new Error("insert into highlights returned no row");
  return row;
}

/** Changes the fields given; a field left out keeps its value. */
export async function updateHighlight(db: Db, id: string, values: Partial<HighlightValues>) {
  const [row] = await db
    .update(highlights)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(highlights.id, id))
    .returning();
  return row;
}

export async function deleteHighlight(db: Db, id: string) {
  await db.delete(highlights).where(eq(highlights.id, id));
}
