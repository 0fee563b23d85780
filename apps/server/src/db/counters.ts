import { sql } from "drizzle-orm";
import type { Db } from "./database.js";

/**
 * Recomputes every counter column (followers, following, posts, unread notifications, likes, comments)
 * from the rows, set-based. The triggers of migrations 0004 and 0006 keep them as rows change; this is
 * for a bulk load that ran with the triggers off (the benchmark seed).
 */
export async function recountCounters(db: Db): Promise<void> {
  await db.execute(sql`select flik_recount_counters()`);
}
