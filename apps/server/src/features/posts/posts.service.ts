import {
  type commentBody,
  type createPostBody,
  DEFAULT_FLICK_REACTION,
  FEED_COMMENTS_LISTED,
  type LikeResponse,
  mediaTypeOfUrl,
  POST_COMMENTS_LISTED,
  POST_LIKES_LISTED,
  type Post,
  type PostsPage,
  type updatePostBody,
} from "@flik/shared";
import type { z } from "zod";
import type { Db } from "../../db/database.js";
import type { PostRow } from "../../db/schema.js";
import { decodeCursor, encodeCursor } from "../../platform/cursor.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import { badRequest, forbidden, notFound } from "../../platform/errors.js";
import type { FollowsService } from "../follows/follows.service.js";
import type { Caller } from "../sessions/sessions.service.js";
import type { PostEvents } from "./posts.events.js";
import { presentComment, presentPost } from "./posts.presenter.js";
import {
  authorPage,
  commentSummaries,
  countComments,
  deleteLike,
  deletePost,
  feedPage,
  findComment,
  findPostWithAuthor,
  hasLiked,
  incrementShares,
  insertComment,
  insertPost,
  likeSummaries,
  type PostWithAuthor,
  updatePost,
  upsertLike,
} from "./posts.queries.js";

export type PostsService = ReturnType<typeof createPostsService>;

/** A flick is a video (issue 5: flicks are posts with a video). */
function mediaFields(image: string, isReel: boolean | undefined) {
  const mediaType = mediaTypeOfUrl(image);
  if (isReel && mediaType !== "video") throw badRequest("A flick must be a video");
  return { image, mediaType };
}

export function createPostsService(deps: {
  db: Db;
  follows: FollowsService;
  events: PostEvents;
  domainEvents: DomainEvents;
}) {
  const { db, follows, events, domainEvents } = deps;

  /** Presents a page of posts with a fixed number of queries, whatever its length. */
  async function present(rows: PostWithAuthor[], viewerId: string, commentsListed: number): Promise<Post[]> {
    const postIds = rows.map((row) => row.post.id);
    const authorIds = [...new Set(rows.map((row) => row.author.id))];
    const [likes, comments, followState] = await Promise.all([
      likeSummaries(db, postIds, viewerId, POST_LIKES_LISTED),
      commentSummaries(db, postIds, commentsListed),
      follows.stateOf(authorIds, viewerId),
    ]);
    return rows.map((row) =>
      presentPost(
        row,
        {
          likes: likes.get(row.post.id),
          comments: comments.get(row.post.id),
          authorFollow: followState.get(row.author.id),
        },
        viewerId,
      ),
    );
  }

  /** The post, if it exists and the caller may see it; otherwise the same 404 either way. */
  async function visible(caller: Caller, postId: string) {
    const row = await findPostWithAuthor(db, postId);
    if (!row || !(await follows.canSee(caller.userId, row.author))) throw notFound("Post not found");
    return row;
  }

  async function owned(caller: Caller, postId: string, action: string) {
    const row = await visible(caller, postId);
    if (row.post.userId !== caller.userId) throw forbidden(`Only the post's owner can ${action} it`);
    return row;
  }

  async function get(caller: Caller, postId: string) {
    const [post] = await present([await visible(caller, postId)], caller.userId, POST_COMMENTS_LISTED);
    if (!post) throw notFound("Post not found");
    return post;
  }

  async function likeState(postId: string, viewerId: string): Promise<LikeResponse> {
    const summary = (await likeSummaries(db, [postId], viewerId, POST_LIKES_LISTED)).get(postId);
    return {
      likes: (summary?.likers ?? []).map((liker) => liker.userId),
      isLiked: summary?.isLiked ?? false,
      likesCount: summary?.likesCount ?? 0,
    };
  }

  /** Sets the caller's like (with a reaction emoji for flicks); true when the like itself came or went. */
  async function setLike(caller: Caller, post: PostRow, like: boolean, emoji?: string) {
    const changed = like
      ? await upsertLike(db, post.id, caller.userId, emoji)
      : await deleteLike(db, post.id, caller.userId);
    if (!changed) return false;
    const { likesCount } = await likeState(post.id, caller.userId);
    events.liked({ postId: post.id, ownerId: post.userId, likesCount, isLiked: like, newly: true }, caller);
    if (like) {
      await domainEvents.publish("postLiked", {
        postId: post.id,
        ownerId: post.userId,
        actorId: caller.userId,
        newly: true,
      });
    }
    return true;
  }

  async function likeAndAnswer(caller: Caller, postId: string, like: boolean): Promise<LikeResponse> {
    const { post } = await visible(caller, postId);
    await setLike(caller, post, like);
    return likeState(postId, caller.userId);
  }

  /** Presents one page fetched with one row more than asked, which tells whether another page exists. */
  async function page(rows: PostWithAuthor[], limit: number, viewerId: string): Promise<PostsPage> {
    const pageRows = rows.slice(0, limit);
    const last = pageRows.at(-1);
    return {
      posts: await present(pageRows, viewerId, FEED_COMMENTS_LISTED),
      nextCursor: rows.length > limit && last ? encodeCursor(last.post) : null,
    };
  }

  return {
    async feed(caller: Caller, query: { limit: number; cursor?: string | undefined }): Promise<PostsPage> {
      const rows = await feedPage(db, caller.userId, query.limit + 1, decodeCursor(query.cursor));
      return page(rows, query.limit, caller.userId);
    },

    /** A member's posts for their profile; none of a private member's unless the caller follows them. */
    async byAuthor(
      caller: Caller,
      author: { id: string; isPrivate: boolean },
      query: { limit: number; cursor?: string | undefined },
    ): Promise<PostsPage> {
      if (!(await follows.canSee(caller.userId, author))) return { posts: [], nextCursor: null };
      const rows = await authorPage(db, author.id, query.limit + 1, decodeCursor(query.cursor));
      return page(rows, query.limit, caller.userId);
    },

    get,

    async create(caller: Caller, input: z.output<typeof createPostBody>) {
      const id = await insertPost(db, {
        userId: caller.userId,
        caption: input.caption,
        location: input.location,
        tags: input.tags,
        isReel: input.isReel,
        ...mediaFields(input.image, input.isReel),
      });
      const post = await get(caller, id);
      events.created(post, await follows.followerIdsOf(caller.userId));
      await domainEvents.publish("postCreated", { postId: id, authorId: caller.userId });
      return post;
    },

    async update(caller: Caller, postId: string, input: z.output<typeof updatePostBody>) {
      const { post: current } = await owned(caller, postId, "edit");
      const isReel = input.isReel ?? current.isReel;
      const media = mediaFields(input.image ?? current.image, isReel);
      await updatePost(db, postId, { ...input, ...media });
      const post = await get(caller, postId);
      const { _id, caption, location, tags, image, mediaType, updatedAt } = post;
      events.updated({ _id, caption, location, tags, image, mediaType, isReel: post.isReel, updatedAt });
      return post;
    },

    async remove(caller: Caller, postId: string) {
      const { post } = await owned(caller, postId, "delete");
      await deletePost(db, postId);
      events.deleted(postId);
      await domainEvents.publish("postDeleted", {
        postId,
        authorId: post.userId,
        image: post.image,
        mediaType: post.mediaType,
      });
    },

    like: (caller: Caller, postId: string) => likeAndAnswer(caller, postId, true),
    unlike: (caller: Caller, postId: string) => likeAndAnswer(caller, postId, false),

    /** A flick's like (spec §7): sets or toggles the caller's like, with a reaction emoji. */
    async react(
      caller: Caller,
      post: PostRow,
      input: { liked?: boolean | undefined; emoji?: string | undefined },
    ) {
      const liked =
        input.liked ?? (input.emoji !== undefined || !(await hasLiked(db, post.id, caller.userId)));
      await setLike(caller, post, liked, input.emoji ?? (liked ? DEFAULT_FLICK_REACTION : undefined));
    },

    /** For a page of posts, in one query: the newest likers with their reactions, counts, the viewer's. */
    likesOf: (postIds: string[], viewerId: string) => likeSummaries(db, postIds, viewerId, POST_LIKES_LISTED),

    /** For a page of posts, in one query: the newest comments (oldest first) and the counts. */
    async commentsOf(postIds: string[], listed: number) {
      const summaries = await commentSummaries(db, postIds, listed);
      return (postId: string) => {
        const summary = summaries.get(postId);
        return {
          comments: (summary?.comments ?? []).map(presentComment),
          commentsCount: summary?.commentsCount ?? 0,
        };
      };
    },

    /** The post row if the caller may see it (a 404 otherwise): for features built on posts. */
    visibleRow: async (caller: Caller, postId: string) => (await visible(caller, postId)).post,

    async comment(caller: Caller, postId: string, input: z.output<typeof commentBody>) {
      const { post } = await visible(caller, postId);
      const { id } = await insertComment(db, { postId, userId: caller.userId, text: input.text });
      const [row, commentsCount] = await Promise.all([findComment(db, id), countComments(db, postId)]);
      if (!row) throw notFound("Post not found");
      const comment = presentComment(row);
      events.commented({ postId, ownerId: post.userId, comment, commentsCount }, caller);
      await domainEvents.publish("postCommented", {
        postId,
        ownerId: post.userId,
        actorId: caller.userId,
        text: input.text,
      });
      return { comment, commentsCount };
    },

    async share(caller: Caller, postId: string) {
      const { post } = await visible(caller, postId);
      const sharesCount = await incrementShares(db, postId);
      events.shared({ postId, ownerId: post.userId, sharesCount }, caller);
      await domainEvents.publish("postShared", { postId, ownerId: post.userId, actorId: caller.userId });
      return { sharesCount };
    },

    /** Whether the caller may follow this post live (its socket room). */
    async canWatch(caller: Caller, postId: string) {
      return visible(caller, postId).then(
        () => true,
        () => false,
      );
    },
  };
}
