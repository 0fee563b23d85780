import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { contentVisibleTo } from "../users/users.policy.js";

/**
 * What post search may find (issue 18): only posts the searcher may see (users.policy
 * `canSeeContentOf`, in SQL, checked where the matches are read so a page is never short of what it
 * could show), never one of a member blocked either way. The posts pipeline checks each found post
 * again (posts.policy `canSeePost`) before it is presented.
 */
export function findableBy(db: Db, viewerId: string, author: { id: AnyPgColumn; isPrivate: AnyPgColumn }) {
  return contentVisibleTo(db, viewerId, author);
}
