import { sql } from "drizzle-orm";
import type { Db } from "./database.js";

/**
 * Runs `work` in a transaction holding the member's lock named `name` (a transaction-level advisory
 * lock): two calls for one member run one after the other, so a count `work` checks before it writes
 * holds under a burst of requests; other members never wait.
 */
export function oneAtATimeFor<T>(db: Db, name: string, memberId: string, work: (tx: Db) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${name}:${memberId}`}, 0))`);
    return work(tx);
  });
}
