import type { Db } from "../../db/database.js";

/**
 * Lifts a block and answers whom it blocked, or undefined when there was none. Blocking itself comes
 * with issue 16 (its `blocks` table and policy); until then nobody is blocked, so there is never one to
 * lift. Issue 16 replaces this body with a delete on its table, joined to the member's username.
 */
export async function deleteBlock(
  _db: Db,
  _blockerId: string,
  _blockedId: string,
): Promise<{ username: string } | undefined> {
  return undefined;
}
