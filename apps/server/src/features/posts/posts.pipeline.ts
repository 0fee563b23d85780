import { FLICK_COMMENTS_LISTED, type Flick, POST_LIKES_LISTED, type Post } from "@flik/shared";

/** How much of its likes and comments each post of a read carries. */
export interface Listed {
  likers: number;
  comments: number;
}

import type { Db } from "../../db/database.js";
import { canSeePost } from "./posts.policy.js";
import { freshParts, type PostParts, presentFlick, presentPost } from "./posts.presenter.js";
import { commentSummaries, likeSummaries, type PostWithAuthor } from "./posts.queries.js";

export type PostPipeline = ReturnType<typeof createPostPipeline>;

/**
 * The one read path of everything post-shaped (feed, a post, a profile grid, flicks): a page of rows
 * from an index in the list's own order, each with the viewer's relation to its author → rules (the
 * posts policy, before hydration, so nothing hidden is loaded) → hydration in batches → presenter.
 * A page costs the same number of queries whatever its length.
 */
export function createPostPipeline(deps: { db: Db }) {
  const { db } = deps;

  const rules = (rows: PostWithAuthor[], viewerId: string) => rows.filter((row) => canSeePost(viewerId, row));

  /** Likes and comments of a page, in batches (the counts come with the rows, kept in columns). */
  async function hydrate(
    rows: PostWithAuthor[],
    viewerId: string,
    listed: Listed,
  ): Promise<(row: PostWithAuthor) => PostParts> {
    const postIds = rows.map((row) => row.post.id);
    const [likes, comments] = await Promise.all([
      likeSummaries(db, postIds, viewerId, listed.likers),
      commentSummaries(db, postIds, listed.comments),
    ]);
    return (row) => ({
      likes: likes.get(row.post.id),
      comments: comments.get(row.post.id),
      authorFollowersCount: row.author.followersCount,
    });
  }

  return {
    /** Posts in spec §3's Post shape, with as many of their newest likers and comments as `listed` says. */
    async posts(rows: PostWithAuthor[], viewerId: string, listed: Listed): Promise<Post[]> {
      const shown = rules(rows, viewerId);
      const partsOf = await hydrate(shown, viewerId, listed);
      return shown.map((row) => presentPost(row, partsOf(row), viewerId));
    },

    /** Video posts in the flicks feed's Flick shape. */
    async flicks(rows: PostWithAuthor[], viewerId: string): Promise<Flick[]> {
      const shown = rules(rows, viewerId);
      const partsOf = await hydrate(shown, viewerId, {
        likers: POST_LIKES_LISTED,
        comments: FLICK_COMMENTS_LISTED,
      });
      return shown.map((row) => presentFlick(row, partsOf(row), viewerId));
    },

    /** A post just made: nobody has liked or commented on it, so nothing is loaded. */
    newPost(row: PostWithAuthor, viewerId: string): Post {
      return presentPost(row, freshParts(row.author.followersCount), viewerId);
    },
  };
}
