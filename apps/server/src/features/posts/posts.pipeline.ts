import type { Flick, Post } from "@flik/shared";
import { canSeePost } from "./posts.policy.js";
import { freshParts, type PostParts, presentFlick, presentPost } from "./posts.presenter.js";
import {
  addOwnLike,
  type CommentRow,
  type Liker,
  type PostRead,
  type PostWithAuthor,
} from "./posts.queries.js";

export type PostPipeline = ReturnType<typeof createPostPipeline>;

/** A read's likes and comments as the presenter takes them (the viewer always finds their own like). */
function partsOf({ post, author, summaries }: PostRead, viewerId: string): PostParts {
  const likers: Liker[] = summaries.likers.map(([userId, username, emoji]) => ({ userId, username, emoji }));
  const own = summaries.ownLike;
  addOwnLike(likers, own && { userId: viewerId, username: own[1], emoji: own[0] });
  const comments: CommentRow[] = summaries.comments.map(
    ([id, text, createdAt, userId, username, avatar]) => ({
      id,
      postId: post.id,
      text,
      createdAt: new Date(createdAt),
      user: { id: userId, username, avatar },
    }),
  );
  return {
    likes: { likers, likesCount: post.likesCount, isLiked: own !== null },
    comments: { comments, commentsCount: post.commentsCount, olderComments: summaries.olderComments },
    authorFollowersCount: author.followersCount,
  };
}

/**
 * The one read path of everything post-shaped (feed, a post, a profile grid, flicks): a page of reads
 * from an index in the list's own order, each hydrated in the same statement (its author, the viewer's
 * relation to them, its newest likes and comments: posts.queries.ts `postsReadBy`) → rules (the posts
 * policy) → presenter. A page costs one statement whatever its length.
 */
export function createPostPipeline() {
  const rules = <Row extends PostWithAuthor>(rows: Row[], viewerId: string) =>
    rows.filter((row) => canSeePost(viewerId, row));

  // A read's JSON text as its viewer sees it, kept as long as the read: a renewed page holds the same
  // reads for the posts that did not change, so only the changed ones are presented and written again
  // (issue 12, the feed under writes: every write renews the pages showing it). One map per shape.
  const postTexts = new WeakMap<PostRead, { viewerId: string; text: string }>();
  const flickTexts = new WeakMap<PostRead, { viewerId: string; text: string }>();
  function textsOf<Shape>(
    reads: PostRead[],
    viewerId: string,
    texts: WeakMap<PostRead, { viewerId: string; text: string }>,
    present: (read: PostRead, parts: PostParts, viewerId: string) => Shape,
  ): string {
    const parts: string[] = [];
    for (const read of rules(reads, viewerId)) {
      let kept = texts.get(read);
      if (kept?.viewerId !== viewerId) {
        kept = { viewerId, text: JSON.stringify(present(read, partsOf(read, viewerId), viewerId)) };
        texts.set(read, kept);
      }
      parts.push(kept.text);
    }
    return `[${parts.join(",")}]`;
  }

  return {
    /** Posts in spec §3's Post shape, with the likers and comments their read listed. */
    posts(reads: PostRead[], viewerId: string): Post[] {
      return rules(reads, viewerId).map((read) => presentPost(read, partsOf(read, viewerId), viewerId));
    },

    /** Video posts in the flicks feed's Flick shape. */
    flicks(reads: PostRead[], viewerId: string): Flick[] {
      return rules(reads, viewerId).map((read) => presentFlick(read, partsOf(read, viewerId), viewerId));
    },

    /**
     * `posts` as JSON text (the same text as `JSON.stringify` of its answer), each read's part written
     * once: to make a kept page's answer, renewed again and again while its posts mostly stay the same.
     */
    postsText(reads: PostRead[], viewerId: string): string {
      return textsOf(reads, viewerId, postTexts, presentPost);
    },

    /** `flicks` as JSON text, as `postsText`. */
    flicksText(reads: PostRead[], viewerId: string): string {
      return textsOf(reads, viewerId, flickTexts, presentFlick);
    },

    /** A post just made: nobody has liked or commented on it, so nothing is loaded. */
    newPost(row: PostWithAuthor, viewerId: string): Post {
      return presentPost(row, freshParts(row.author.followersCount), viewerId);
    },
  };
}
