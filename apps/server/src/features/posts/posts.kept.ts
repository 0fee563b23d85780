import type { Shown } from "../../platform/kept-answers.js";
import type { PostRead } from "./posts.queries.js";

/**
 * Everything an answer made of these reads shows its viewer, to forget it when any of it changes: the
 * viewer (whom they follow and block), each post, its author, the likers and commenters listed, and
 * the members left out of those lists because of a block (an unblock brings them back). Of the reads
 * past the first `shownCount` (the one read past a page, telling whether another follows) only the post.
 */
export function shownIn(reads: PostRead[], viewerId: string, shownCount = reads.length): Shown[] {
  const shows: Shown[] = [`member:${viewerId}`];
  for (const [index, { post, author, summaries }] of reads.entries()) {
    shows.push(`post:${post.id}`);
    // A read past the page only tells whether another follows: its members are not shown.
    if (index >= shownCount) continue;
    shows.push(`member:${author.id}`);
    for (const [userId] of summaries.likers) shows.push(`member:${userId}`);
    for (const comment of summaries.comments) shows.push(`member:${comment[3]}`);
  }
  for (const memberId of reads[0]?.hidden ?? []) shows.push(`member:${memberId}`);
  return shows;
}

/** The first page of a member's feed changes whenever they or a member they follow makes a post. */
export function newPostsOf(authorIds: string[]): Shown[] {
  return authorIds.map((authorId) => `author:${authorId}` as const);
}
