import { FLICK_COMMENTS_LISTED, type Flick, POST_LIKES_LISTED, type Post } from "@flik/shared";
import type { Db } from "../../db/database.js";
import type { FollowsService } from "../follows/follows.service.js";
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
export function createPostPipeline(deps: { db: Db; follows: FollowsService }) {
  const { db, follows } = deps;

  const rules = (rows: PostWithAuthor[], viewerId: string) => rows.filter((row) => canSeePost(viewerId, row));

  /** Likes, comments and (for the post shape) the authors' follower counts of a page, in batches. */
  async function hydrate(
    rows: PostWithAuthor[],
    viewerId: string,
    need: { commentsListed: number; authorCounts: boolean },
  ): Promise<(row: PostWithAuthor) => PostParts> {
    const postIds = rows.map((row) => row.post.id);
    const authorIds = need.authorCounts ? [...new Set(rows.map((row) => row.author.id))] : [];
    const [likes, comments, authors] = await Promise.all([
      likeSummaries(db, postIds, viewerId, POST_LIKES_LISTED),
      commentSummaries(db, postIds, need.commentsListed),
      follows.followersCountsOf(authorIds),
    ]);
    return (row) => ({
      likes: likes.get(row.post.id),
      comments: comments.get(row.post.id),
      authorFollowersCount: authors.get(row.author.id) ?? 0,
    });
  }

  return {
    /** Posts in spec §3's Post shape, with `commentsListed` of their newest comments. */
    async posts(rows: PostWithAuthor[], viewerId: string, commentsListed: number): Promise<Post[]> {
      const shown = rules(rows, viewerId);
      const partsOf = await hydrate(shown, viewerId, { commentsListed, authorCounts: true });
      return shown.map((row) => presentPost(row, partsOf(row), viewerId));
    },

    /** Video posts in the flicks feed's Flick shape. */
    async flicks(rows: PostWithAuthor[], viewerId: string): Promise<Flick[]> {
      const shown = rules(rows, viewerId);
      const partsOf = await hydrate(shown, viewerId, {
        commentsListed: FLICK_COMMENTS_LISTED,
        authorCounts: false,
      });
      return shown.map((row) => presentFlick(row, partsOf(row), viewerId));
    },

    /** A post just made: nobody has liked or commented on it, so only its author's count is loaded. */
    async newPost(row: PostWithAuthor, viewerId: string): Promise<Post> {
      const authors = await follows.followersCountsOf([row.author.id]);
      return presentPost(row, freshParts(authors.get(row.author.id)), viewerId);
    },
  };
}
