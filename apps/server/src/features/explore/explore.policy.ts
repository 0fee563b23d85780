import { and, ne, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { contentVisibleTo } from "../users/users.policy.js";

/**
 * What explore shows a member (issue 18). For You: posts the member may see (users.policy
 * `canSeeContentOf`, in SQL), never their own (explore is for finding others). The topic tabs show
 * the posts of their tags through the tags policy (own posts included, as on a tag page).
 */
export function inForYouOf(
  db: Db,
  viewerId: string,
  author: { id: AnyPgColumn; isPrivate: AnyPgColumn },
): SQL | undefined {
  return and(ne(author.id, viewerId), contentVisibleTo(db, viewerId, author));
}
