import {
  type CommentDeletedResponse,
  type commentBody,
  type createPostBody,
  DEFAULT_FLICK_REACTION,
  FEED_COMMENTS_LISTED,
  FLICK_COMMENTS_LISTED,
  type FlickLikeResponse,
  type FlicksPage,
  type flickLikeBody,
  type LikeResponse,
  type MediaType,
  mediaTypeOfUrl,
  PAGE_LIKES_LISTED,
  POST_COMMENTS_LISTED,
  POST_LIKES_LISTED,
  type Post,
  type PostCommentsPage,
  type PostsPage,
  tagsOfPost,
  type updatePostBody,
} from "@flik/shared";
import type { z } from "zod";
import type { Db } from "../../db/database.js";
import type { Caller } from "../../platform/caller.js";
import { type Cursor, decodeCursor, pageOf, pageText } from "../../platform/cursor.js";
import { type DomainEvents, onMembersChanged } from "../../platform/domain-events.js";
import { forbidden, invalidField, notFound, tooManyRequests } from "../../platform/errors.js";
import type { KeptAnswers, Shown } from "../../platform/kept-answers.js";
import { createRateWindow } from "../../platform/rate-window.js";
import type { FollowsService } from "../follows/follows.service.js";
import type { MediaService } from "../media/media.service.js";
import type { MediaUploads } from "../media/media.uploads.js";
import type { RelatedMember } from "../users/users.policy.js";
import type { PostEvents } from "./posts.events.js";
import { newPostsOf, shownIn } from "./posts.kept.js";
import type { PostPipeline } from "./posts.pipeline.js";
import {
  canDeleteComment,
  canEditPost,
  canInteractWithPost,
  canSeePost,
  canSeePostsOf,
} from "./posts.policy.js";
import { commentPosition, presentComment, presentFlickLike, presentLikes } from "./posts.presenter.js";
import {
  addShare,
  authorPage,
  commentsPage,
  deleteComment,
  deleteLike,
  deletePost,
  type FoundPage,
  feedPage,
  findComment,
  findPostRead,
  findPostsWithAuthor,
  findPostWithAuthor,
  hasLiked,
  insertPost,
  type Listed,
  likeSummary,
  type PageAsk,
  type PostRead,
  type PostWithAuthor,
  postReadsByIds,
  prepareFoundPages,
  storeComment,
  updatePost,
  upsertLike,
  videoPage,
} from "./posts.queries.js";
import { renewablePage } from "./posts.renewal.js";
import type { PostSummariesCache } from "./posts.summaries-cache.js";

export type PostsService = ReturnType<typeof createPostsService>;
export type { FoundPage, FoundPageAsk } from "./posts.queries.js";

/** A flick is a post with a video, addressed through /flicks: the same post, its own 404. */
export type PostKind = "post" | "flick";
const missing = (kind: PostKind) => notFound(kind === "flick" ? "Flick not found" : "Post not found");

type PageQuery = { limit: number; cursor?: string | undefined };

/** A flick is a video (issue 5: flicks are posts with a video). */
function flickable(mediaType: MediaType, isReel: boolean | undefined): MediaType {
  if (isReel && mediaType !== "video") throw invalidField("isReel", "A flick must be a video");
  return mediaType;
}

/** The size a client sent with new media, if any (both or neither: the request schema sees to it). */
type SentSize = { width?: number | undefined; height?: number | undefined };

export function createPostsService(deps: {
  db: Db;
  follows: FollowsService;
  media: Pick<MediaService, "describe" | "postableTypeOf">;
  /** Who uploaded which kept file: a post's media must be an upload of its author's (media.policy). */
  uploads: Pick<MediaUploads, "checkUploaded">;
  pipeline: PostPipeline;
  events: PostEvents;
  domainEvents: DomainEvents;
  /** Posts' newest likers and comments kept on this node. */
  summaries: PostSummariesCache;
  /** Feed pages and posts kept on this node as their viewers were answered. */
  kept: KeptAnswers;
  /** Comments (on posts and flicks together) a member may write per minute, on this node. */
  commentsPerMinute: number;
  /** Shares (of posts and flicks together) a member may make per minute, on this node. */
  sharesPerMinute: number;
}) {
  const { db, follows, media, uploads, pipeline, events, domainEvents, summaries, kept } = deps;
  // Each comment tells the post's author: past the limit, refused before anything is read or stored.
  const commentAllowance = createRateWindow(deps.commentsPerMinute);
  // Every share counts: past the limit, one member cannot run a post's count up.
  const shareAllowance = createRateWindow(deps.sharesPerMinute);

  /**
   * A post the caller just changed on this node: what it kept of it is forgotten before the announcement
   * comes back, and the caller's next asks wait for reads that hold it.
   */
  function changed(postId: string, caller: Caller) {
    summaries.forgetPosts([postId]);
    kept.forget([`post:${postId}`], caller.userId);
  }

  // What other features change in what members show (follows and requests, blocks, privacy, profiles,
  // post counts) is forgotten here at once; every node hears it from the database too.
  onMembersChanged(domainEvents, (memberIds) =>
    kept.forget(memberIds.map((memberId) => `member:${memberId}` as const)),
  );
  domainEvents.on("privacyChanged", () => kept.forget(["privacy:*"]));
  // A block took the blocked member's likes and comments off the blocker's posts (blocks.queries).
  domainEvents.on("memberBlocked", ({ blockerId, blockedId, removedFromPosts }) => {
    if (removedFromPosts.length === 0) return;
    const postIds = removedFromPosts.map((removed) => removed.postId);
    summaries.forgetPosts(postIds);
    kept.forget(
      postIds.map((postId) => `post:${postId}` as const),
      blockerId,
    );
    events.reactionsRemoved(removedFromPosts, { actorId: blockedId, blockerId });
  });
  // A deleted account's posts went, and its likes and comments on others' posts: their watchers hear of
  // them as of a deletion, an unlike and a comment deleted.
  domainEvents.on("memberDeleted", ({ userId, posts: ownPosts, removedFromPosts }) => {
    const postIds = [...ownPosts.map((post) => post.postId), ...removedFromPosts.map((post) => post.postId)];
    summaries.forgetPosts(postIds);
    kept.forget(postIds.map((postId) => `post:${postId}` as const));
    for (const { postId } of ownPosts) events.deleted(postId, userId);
    events.reactionsRemoved(removedFromPosts, { actorId: userId });
  });
  // Their name and picture among posts' likers and comments too, before answers are made of them.
  domainEvents.on("accountChanged", ({ userId }) => summaries.forgetMember(userId));

  /**
   * The size kept with a post's media: the file's own when this host keeps it, else what the client
   * measured (another host's answer, or a video the browser read), else unknown; and the photo's
   * placeholder when this host keeps it (none is taken from a client).
   */
  async function mediaDetails(image: string, sent: SentSize) {
    const kept = await media.describe(image);
    const size = kept ?? sent;
    return { width: size.width ?? null, height: size.height ?? null, placeholder: kept?.placeholder ?? null };
  }

  /**
   * New media of the caller's post: an upload of theirs when the address is this host's (else 400 or
   * 403), of the type the file was uploaded as (the URL's otherwise), which can be shown (not a video
   * whose transcoding failed), and a video for a flick.
   */
  async function newMedia(caller: Caller, image: string, isReel: boolean | undefined) {
    await uploads.checkUploaded(caller, "image", image);
    const kept = await media.postableTypeOf("image", image);
    return { image, mediaType: flickable(kept ?? mediaTypeOfUrl(image), isReel) };
  }

  /** The post if the viewer may see it; otherwise the same 404 as for one that does not exist. */
  async function visible(caller: Caller, postId: string, kind: PostKind = "post") {
    const row = await findPostWithAuthor(db, postId, caller.userId);
    if (!row || !canSeePost(caller.userId, row)) throw missing(kind);
    if (kind === "flick" && row.post.mediaType !== "video") throw missing(kind);
    return row;
  }

  async function interactable(caller: Caller, postId: string, kind: PostKind) {
    const row = await visible(caller, postId, kind);
    if (!canInteractWithPost(caller.userId, row)) throw missing(kind);
    return row;
  }

  async function owned(caller: Caller, postId: string, action: string, kind: PostKind = "post") {
    const row = await visible(caller, postId, kind);
    if (!canEditPost(caller.userId, row)) throw forbidden(`Only the ${kind}'s owner can ${action} it`);
    return row;
  }

  /** A post as the caller sees it, with what it was read from. */
  async function read(caller: Caller, postId: string) {
    const found = await findPostRead(db, postId, {
      viewerId: caller.userId,
      listed: { likers: POST_LIKES_LISTED, comments: POST_COMMENTS_LISTED },
      summaries,
    });
    const [post] = pipeline.posts(found ? [found] : [], caller.userId);
    if (!found || !post) throw notFound("Post not found");
    return { post, read: found };
  }

  async function get(caller: Caller, postId: string) {
    return (await read(caller, postId)).post;
  }

  /** The ask of a page of posts: one read more than the page, to tell whether another follows. */
  const pageAsk = (caller: Caller, query: PageQuery, listed: Listed): PageAsk => ({
    viewerId: caller.userId,
    limit: query.limit + 1,
    cursor: decodeCursor(query.cursor),
    listed,
    summaries,
  });
  const pageListed: Listed = { likers: PAGE_LIKES_LISTED, comments: FEED_COMMENTS_LISTED };

  /** Posts by id as the caller reads them, in the order given (one gone meanwhile is left out). */
  const readsByIds = (caller: Caller, ids: string[], listed: Listed) =>
    postReadsByIds(db, ids, { viewerId: caller.userId, listed, summaries });

  /** `postsPage` as JSON text, each post's part written once per read (`pipeline.postsText`). */
  function postsPageText(reads: PostRead[], limit: number, viewerId: string): string {
    const page = pageOf(reads, limit, (read) => read.post);
    return pageText<PostsPage>("posts", pipeline.postsText(page.rows, viewerId), page.nextCursor);
  }

  /** A page of reads fetched with one more than asked, presented as posts. */
  function postsPage(reads: PostRead[], limit: number, viewerId: string): PostsPage {
    const page = pageOf(reads, limit, (read) => read.post);
    return { posts: pipeline.posts(page.rows, viewerId), nextCursor: page.nextCursor };
  }

  /**
   * Sets the caller's like (with a reaction emoji for flicks) and answers the like state after the write,
   * read once; the post's room hears of it and its owner's notifications of a new like.
   */
  async function setLike(caller: Caller, { post }: PostWithAuthor, like: boolean, emoji?: string) {
    const made = like
      ? await upsertLike(db, post.id, caller.userId, emoji)
      : await deleteLike(db, post.id, caller.userId);
    // The database announces it to every node; this one forgets at once, before it answers. A like
    // already there, or none to take back, changed nothing: every kept page still holds (forgetting them
    // would have every viewer's next ask read again). A reaction is written even when it is the same.
    if (made || (like && emoji !== undefined)) changed(post.id, caller);
    const likes = await likeSummary(db, post.id, caller.userId, POST_LIKES_LISTED);
    if (!made) return likes;
    const likesCount = likes?.likesCount ?? 0;
    events.liked({ postId: post.id, ownerId: post.userId, likesCount, isLiked: like, newly: true }, caller);
    if (like) {
      await domainEvents.publish("postLiked", {
        postId: post.id,
        ownerId: post.userId,
        actorId: caller.userId,
        newly: true,
      });
    }
    return likes;
  }

  async function likeAndAnswer(caller: Caller, postId: string, like: boolean): Promise<LikeResponse> {
    return presentLikes(await setLike(caller, await interactable(caller, postId, "post"), like));
  }

  return {
    /** A page of the caller's feed (spec §7 GET /posts) as JSON text, kept on this node until it changes. */
    feed(caller: Caller, query: PageQuery): Promise<string> {
      const key = `feed:${caller.userId}:${query.limit}:${query.cursor ?? ""}`;
      return kept.through(
        key,
        async () => {
          // Later pages start past their cursor: only the first changes when a followed member posts.
          const [reads, followees] = await Promise.all([
            feedPage(db, pageAsk(caller, query, pageListed)),
            query.cursor ? [] : follows.followeeIdsOf(caller.userId),
          ]);
          const authorIds = query.cursor ? [] : [caller.userId, ...followees];
          const renewal = {
            viewerId: caller.userId,
            size: query.limit + 1,
            readByIds: (ids: string[]) => readsByIds(caller, ids, pageListed),
            authors: query.cursor
              ? undefined
              : {
                  ids: authorIds,
                  newestOf: (authorId: string, count: number) =>
                    authorPage(db, authorId, { ...pageAsk(caller, query, pageListed), limit: count }),
                },
          };
          return renewablePage(reads, renewal, (current) => ({
            body: postsPageText(current, query.limit, caller.userId),
            shows: [...shownIn(current, caller.userId, query.limit), ...newPostsOf(authorIds)],
          }));
        },
        caller.userId,
      );
    },

    /**
     * A member's posts for their profile, and what they show (to keep an answer made of them); none of
     * a private member's unless the caller follows them.
     */
    async byAuthor(
      caller: Caller,
      author: RelatedMember,
      query: PageQuery,
    ): Promise<{ page: PostsPage; shows: Shown[] }> {
      // Whether the caller may see them changes with a follow (theirs) or the author's privacy.
      const shows: Shown[] = [`member:${caller.userId}`, `member:${author.id}`, ...newPostsOf([author.id])];
      if (!canSeePostsOf(caller.userId, author, author.relation))
        return { page: { posts: [], nextCursor: null }, shows };
      const reads = await authorPage(db, author.id, pageAsk(caller, query, pageListed));
      return {
        page: postsPage(reads, query.limit, caller.userId),
        shows: [...shows, ...shownIn(reads, caller.userId, query.limit)],
      };
    },

    /**
     * The flicks feed (spec §7 GET /flicks) as JSON text: every video post the caller may see, newest
     * first, kept on this node until it changes (anyone's new post or privacy, or anything it shows).
     */
    flicks(caller: Caller, query: PageQuery): Promise<string> {
      const key = `flicks:${caller.userId}:${query.limit}:${query.cursor ?? ""}`;
      return kept.through(
        key,
        async () => {
          const listed = { likers: POST_LIKES_LISTED, comments: FLICK_COMMENTS_LISTED };
          const reads = await videoPage(db, pageAsk(caller, query, listed));
          const renewal = {
            viewerId: caller.userId,
            size: query.limit + 1,
            readByIds: (ids: string[]) => readsByIds(caller, ids, listed),
            onPage: (read: PostRead) => read.post.mediaType === "video",
          };
          return renewablePage(reads, renewal, (current) => {
            const page = pageOf(current, query.limit, (read) => read.post);
            return {
              body: pageText<FlicksPage>(
                "flicks",
                pipeline.flicksText(page.rows, caller.userId),
                page.nextCursor,
              ),
              shows: [...shownIn(current, caller.userId, query.limit), "author:*", "privacy:*"],
            };
          });
        },
        caller.userId,
      );
    },

    get,

    /** GET /posts/{id}'s answer as JSON text, kept on this node until anything it shows changes. */
    postAnswer(caller: Caller, postId: string): Promise<string> {
      return kept.through(
        `post:${caller.userId}:${postId}`,
        async () => {
          const { post, read: found } = await read(caller, postId);
          return { body: JSON.stringify({ post }), shows: shownIn([found], caller.userId) };
        },
        caller.userId,
      );
    },

    /**
     * Posts by id, in the order given, as the caller may see them: the pages other features find
     * (search, a tag, explore) read, checked and presented as every post is. A post the caller may not
     * see, or gone meanwhile, is left out.
     */
    async postsByIds(caller: Caller, ids: string[]): Promise<Post[]> {
      const reads = await postReadsByIds(db, ids, { viewerId: caller.userId, listed: pageListed, summaries });
      return pipeline.posts(reads, caller.userId);
    },

    /**
     * Prepares the page statement of a list another feature finds newest first (search, a tag, an
     * explore topic): the feature's `page` of ids and the posts on it, read in one statement and
     * presented as every post is. The reader answers a page of `limit` posts, and the position of every
     * post read (one more than the page when another follows: the next cursor starts after the page's
     * last one).
     */
    foundPages<Extra extends Record<string, unknown>>(
      name: string,
      page: FoundPage<Extra>,
      extra: { [K in keyof Extra]: Extra[K] },
    ) {
      const read = prepareFoundPages(db, name, page, extra);
      return async (
        caller: Caller,
        query: { limit: number; cursor: Cursor | undefined },
        values: { [K in keyof Extra]: unknown },
      ): Promise<{ posts: Post[]; rows: Cursor[] }> => {
        const ask: PageAsk = {
          viewerId: caller.userId,
          limit: query.limit + 1,
          cursor: query.cursor,
          listed: pageListed,
          summaries,
        };
        const reads = await read(ask, values);
        return {
          posts: pipeline.posts(reads.slice(0, query.limit), caller.userId),
          rows: reads.map(({ post }) => ({ id: post.id, createdAt: post.createdAt })),
        };
      };
    },

    /**
     * GET /posts/{id}/comments: a page of the post's comments past the cursor (the post's own
     * `commentsCursor`, then each page's `nextCursor`), to whoever may read the post (else the same 404),
     * without members blocked either way with the caller. Two statements, sent together: the post with
     * its author, and the page.
     */
    async comments(caller: Caller, postId: string, query: PageQuery): Promise<PostCommentsPage> {
      const cursor = decodeCursor(query.cursor);
      const rows = commentsPage(db, postId, { viewerId: caller.userId, limit: query.limit + 1, cursor });
      // Awaited below unless the post is not there for the caller.
      rows.catch(() => {});
      await visible(caller, postId);
      const page = pageOf(await rows, query.limit, commentPosition);
      // Oldest first, as a post lists its comments.
      return { comments: page.rows.map(presentComment).reverse(), nextCursor: page.nextCursor };
    },

    async create(caller: Caller, input: z.output<typeof createPostBody>) {
      const fields = await newMedia(caller, input.image, input.isReel);
      const id = await insertPost(
        db,
        {
          userId: caller.userId,
          caption: input.caption,
          location: input.location,
          tags: input.tags,
          isReel: input.isReel,
          ...fields,
          ...(await mediaDetails(input.image, input)),
        },
        tagsOfPost(input),
      );
      const row = await findPostWithAuthor(db, id, caller.userId);
      if (!row) throw new Error("a post vanished while being made");
      kept.forget([...newPostsOf([caller.userId]), "author:*"]);
      const post = pipeline.newPost(row, caller.userId);
      const followerIds = await follows.followerIdsOf(caller.userId);
      events.created(post, followerIds);
      await domainEvents.publish("postCreated", { post: row.post, author: row.author, followerIds });
      return post;
    },

    async update(caller: Caller, postId: string, input: z.output<typeof updatePostBody>) {
      const { post: current } = await owned(caller, postId, "edit");
      const isReel = input.isReel ?? current.isReel;
      const { width, height, ...fields } = input;
      // The post's own media stay as they were judged when posted (a video that failed since included).
      const shown =
        fields.image !== undefined && fields.image !== current.image
          ? await newMedia(caller, fields.image, isReel)
          : { image: current.image, mediaType: flickable(current.mediaType as MediaType, isReel) };
      // New media bring their own size; the old media keep theirs.
      const size = fields.image ? await mediaDetails(fields.image, { width, height }) : {};
      // Its tags follow its caption and tags field (issue 18); other edits leave them as they are.
      const tagged =
        fields.caption === undefined && fields.tags === undefined
          ? undefined
          : tagsOfPost({ caption: fields.caption ?? current.caption, tags: fields.tags ?? current.tags });
      await updatePost(db, postId, { ...fields, ...shown, ...size }, tagged);
      changed(postId, caller);
      // A photo that became a video joins the flicks feeds (and a video that became a photo leaves them).
      if (shown.mediaType !== current.mediaType) kept.forget([...newPostsOf([caller.userId]), "author:*"]);
      const post = await get(caller, postId);
      const { _id, caption, location, tags, image, mediaType, updatedAt } = post;
      events.updated(
        {
          _id,
          caption,
          location,
          tags,
          image,
          mediaType,
          isReel: post.isReel,
          width: post.width,
          height: post.height,
          placeholder: post.placeholder,
          updatedAt,
        },
        caller.userId,
      );
      return post;
    },

    async remove(caller: Caller, postId: string, kind: PostKind = "post") {
      const { post, author } = await owned(caller, postId, "delete", kind);
      await deletePost(db, postId);
      changed(postId, caller);
      events.deleted(postId, caller.userId);
      await domainEvents.publish("postDeleted", {
        postId,
        author: { id: author.id, isPrivate: author.isPrivate },
        image: post.image,
        mediaType: post.mediaType,
      });
    },

    like: (caller: Caller, postId: string) => likeAndAnswer(caller, postId, true),
    unlike: (caller: Caller, postId: string) => likeAndAnswer(caller, postId, false),

    /** A flick's like (spec §7): sets or toggles the caller's like, with a reaction emoji. */
    async react(
      caller: Caller,
      flickId: string,
      input: z.output<typeof flickLikeBody>,
    ): Promise<FlickLikeResponse> {
      const row = await interactable(caller, flickId, "flick");
      const { liked: asked, emoji } = input ?? {};
      const liked = asked ?? (emoji !== undefined || !(await hasLiked(db, flickId, caller.userId)));
      return presentFlickLike(
        await setLike(caller, row, liked, emoji ?? (liked ? DEFAULT_FLICK_REACTION : undefined)),
      );
    },

    async comment(
      caller: Caller,
      postId: string,
      input: z.output<typeof commentBody>,
      kind: PostKind = "post",
    ) {
      if (!commentAllowance.take(caller.userId))
        throw tooManyRequests("You're commenting too fast. Please wait a moment.");
      const { post } = await interactable(caller, postId, kind);
      const stored = await storeComment(db, { postId, userId: caller.userId, text: input.text });
      changed(postId, caller);
      const { commentsCount } = stored;
      const comment = presentComment(stored.comment);
      events.commented({ postId, ownerId: post.userId, comment, commentsCount }, caller);
      await domainEvents.publish("postCommented", {
        postId,
        ownerId: post.userId,
        actorId: caller.userId,
        text: input.text,
        commentId: comment._id,
      });
      return { comment, commentsCount };
    },

    /**
     * DELETE /posts/{id}/comments/{commentId}: by the comment's author or the post's owner (posts.policy),
     * to whoever may still see the post (else the same 404). A comment already gone answers 404 too.
     */
    async deleteComment(caller: Caller, postId: string, commentId: string): Promise<CommentDeletedResponse> {
      const { post } = await visible(caller, postId, "post");
      const comment = await findComment(db, postId, commentId);
      if (!comment) throw notFound("Comment not found");
      if (!canDeleteComment(caller.userId, { authorId: comment.authorId, postOwnerId: post.userId }))
        throw forbidden("You can only delete your own comments, or comments on your posts");
      const deleted = await deleteComment(db, postId, commentId);
      if (!deleted) throw notFound("Comment not found");
      changed(postId, caller);
      const { commentsCount, removedNotifications } = deleted;
      events.commentDeleted({ postId, commentId, commentsCount }, caller, comment.authorId);
      await domainEvents.publish("commentDeleted", {
        postId,
        ownerId: post.userId,
        commentId,
        removedNotifications,
      });
      return { message: "Comment deleted", commentsCount };
    },

    async share(caller: Caller, postId: string, kind: PostKind = "post") {
      if (!shareAllowance.take(caller.userId))
        throw tooManyRequests("You're sharing too fast. Please wait a moment.");
      const { post } = await interactable(caller, postId, kind);
      const { sharesCount, newly } = await addShare(db, postId, caller.userId);
      changed(postId, caller);
      events.shared({ postId, ownerId: post.userId, sharesCount, newly }, caller);
      // The author hears of a member's shares of a post once, however often they share it again.
      if (newly)
        await domainEvents.publish("postShared", { postId, ownerId: post.userId, actorId: caller.userId });
      return { sharesCount };
    },

    /**
     * Of these posts, those the caller may follow live (their socket rooms), each with its author: one
     * statement however many are asked, as a feed's posts are joined together.
     */
    async watchable(caller: Caller, postIds: string[]): Promise<Map<string, string>> {
      const rows = await findPostsWithAuthor(db, postIds, caller.userId);
      const watchable = rows.filter((row) => canInteractWithPost(caller.userId, row));
      return new Map(watchable.map(({ post }) => [post.id, post.userId]));
    },
  };
}
