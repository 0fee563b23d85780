import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { contentVisibleTo } from "../users/users.policy.js";

/**
 * Who sees which tagged posts and what the tags' numbers count (issue 18). A tag itself is only a word:
 * what is guarded is the posts behind it and what numbers tell of them.
 */

/**
 * A tagged post the viewer may see: the posts policy's rule (users.policy `canSeeContentOf`) in SQL, on
 * the author copied into `post_tags`. A tag page, a `#tag` search and the explore topics list only these.
 */
export function taggedPostVisibleTo(
  db: Db,
  viewerId: string,
  author: { id: AnyPgColumn; isPrivate: AnyPgColumn },
) {
  return contentVisibleTo(db, viewerId, author);
}

/**
 * Trending is one list for every member, so it counts only posts every member may see: those of
 * public members. A private member's posts never make a tag trend, nor add to its recent count.
 */
export function countsTowardTrends(author: { isPrivate: AnyPgColumn }) {
  return sql`not ${author.isPrivate}`;
}

/**
 * A tag's `postsCount` is the number of its posts the viewer may see, counted exactly while the tag
 * has at most this many posts in all. Past it the count is every post carrying the tag (the contract's
 * "approximate for large tags"): counting what each viewer may see of a tag of thousands on every
 * search would cost more than the search, and a number past a hundred tells nothing of any one post.
 */
export const TAG_COUNT_EXACT_UP_TO = 100;

/** A tag no post the viewer may see carries is not shown to them (tag search, trending). */
export const isShownTag = (tag: { postsCount: number }) => tag.postsCount > 0;
