import {
  type commentBody,
  FLICK_COMMENTS_LISTED,
  type FlickCommentResponse,
  type FlickLikeResponse,
  type FlicksPage,
  type flickLikeBody,
} from "@flik/shared";
import type { z } from "zod";
import type { Db } from "../../db/database.js";
import { decodeCursor, encodeCursor } from "../../platform/cursor.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import { notFound } from "../../platform/errors.js";
import type { FollowsService } from "../follows/follows.service.js";
import type { PostsService } from "../posts/posts.service.js";
import type { Caller } from "../sessions/sessions.service.js";
import type { FlickEvents } from "./flicks.events.js";
import { presentFlick, presentReactions } from "./flicks.presenter.js";
import { type FlickRow, findAuthorPrivacy, findFlick, flicksPage } from "./flicks.queries.js";

/** A viewer id no member has: a flick as someone with no reaction of their own sees it. */
const NOBODY = "00000000-0000-0000-0000-000000000000";

export type FlicksService = ReturnType<typeof createFlicksService>;

/** Flicks are posts with a video: reads are the flicks feed's own, every change goes through posts. */
export function createFlicksService(deps: {
  db: Db;
  posts: PostsService;
  follows: FollowsService;
  events: FlickEvents;
  domainEvents: DomainEvents;
}) {
  const { db, posts, follows, events } = deps;

  /** A page of flicks in three queries, whatever its length: rows, reactions, comments. */
  async function present(rows: FlickRow[], viewerId: string) {
    const ids = rows.map((row) => row.post.id);
    const [likes, commentsOf] = await Promise.all([
      posts.likesOf(ids, viewerId),
      posts.commentsOf(ids, FLICK_COMMENTS_LISTED),
    ]);
    return rows.map((row) =>
      presentFlick(row, { likes: likes.get(row.post.id), ...commentsOf(row.post.id) }, viewerId),
    );
  }

  /** The flick if the caller may see it; a post that is not a video is no flick (404). */
  async function visibleFlick(caller: Caller, id: string) {
    const post = await posts.visibleRow(caller, id);
    if (post.mediaType !== "video") throw notFound("Flick not found");
    return post;
  }

  const audienceOf = (author: { id: string; isPrivate: boolean }) => ({
    authorId: author.id,
    isPrivate: author.isPrivate,
    followerIds: () => follows.followerIdsOf(author.id),
  });

  deps.domainEvents.on("postCreated", async ({ postId }) => {
    const row = await findFlick(db, postId);
    if (!row) return;
    // As a newcomer to the feed sees it: nobody has reacted or commented yet.
    const [flick] = await present([row], NOBODY);
    if (flick) await events.created(flick, audienceOf(row.author));
  });
  deps.domainEvents.on("postDeleted", async ({ postId, authorId, image, mediaType }) => {
    if (mediaType !== "video") return;
    const author = await findAuthorPrivacy(db, authorId);
    if (author) await events.deleted({ flickId: postId, videoUrl: image }, audienceOf(author));
  });

  return {
    async feed(caller: Caller, query: { limit: number; cursor?: string | undefined }): Promise<FlicksPage> {
      const rows = await flicksPage(db, caller.userId, query.limit + 1, decodeCursor(query.cursor));
      const pageRows = rows.slice(0, query.limit);
      const last = pageRows.at(-1);
      return {
        flicks: await present(pageRows, caller.userId),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.post) : null,
      };
    },

    async like(
      caller: Caller,
      id: string,
      input: z.output<typeof flickLikeBody>,
    ): Promise<FlickLikeResponse> {
      const post = await visibleFlick(caller, id);
      await posts.react(caller, post, input ?? {});
      const likes = (await posts.likesOf([id], caller.userId)).get(id);
      return {
        reactionByUser: presentReactions(likes),
        likesCount: likes?.likesCount ?? 0,
        isLiked: likes?.isLiked ?? false,
      };
    },

    async comment(
      caller: Caller,
      id: string,
      input: z.output<typeof commentBody>,
    ): Promise<FlickCommentResponse> {
      await visibleFlick(caller, id);
      return posts.comment(caller, id, input);
    },

    async share(caller: Caller, id: string) {
      await visibleFlick(caller, id);
      return posts.share(caller, id);
    },

    async remove(caller: Caller, id: string) {
      await visibleFlick(caller, id);
      await posts.remove(caller, id);
    },
  };
}
