import type { Flick, FlickLikeResponse, FlickReaction, LikeResponse, Post, PostComment } from "@flik/shared";
import { type Cursor, pageOf } from "../../platform/cursor.js";
import type { CommentRow, LikeSummary, PostWithAuthor } from "./posts.queries.js";

/** What hydration loads for a post beside its row (all of it in a fixed number of queries per page). */
export interface PostParts {
  likes: LikeSummary | undefined;
  /** `olderComments`: whether the viewer may see comments older than those listed. */
  comments: { comments: CommentRow[]; commentsCount: number; olderComments: boolean } | undefined;
  authorFollowersCount: number;
}

/** A post nobody has liked or commented on yet (a new one): nothing to load. */
export const freshParts = (authorFollowersCount = 0): PostParts => ({
  likes: undefined,
  comments: undefined,
  authorFollowersCount,
});

export function presentComment(row: CommentRow): PostComment {
  return {
    _id: row.id,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    user: { _id: row.user.id, username: row.user.username, avatar: row.user.avatar },
  };
}

/** Where a list of comments newest first goes on past `row`: what a cursor-paged list has it carry. */
export const commentPosition = (row: CommentRow): Cursor => ({ createdAt: row.createdAt, id: row.id });

/**
 * Where a post's comments older than those it lists (oldest first) start, for GET /posts/{id}/comments;
 * null when the viewer may see no more. (Comments by members the viewer blocked, or who blocked them, are
 * counted but never listed.)
 */
function olderCommentsCursor(comments: PostParts["comments"]): string | null {
  const oldest = comments?.comments[0];
  if (!oldest || !comments.olderComments) return null;
  // pageOf gives the cursor past a page's last row when another row follows it.
  return pageOf([oldest, oldest], 1, commentPosition).nextCursor;
}

/** A post as `viewerId` sees it: spec §3's fields, the viewer's own state included. */
export function presentPost(
  { post, author, relation }: PostWithAuthor,
  parts: PostParts,
  viewerId: string,
): Post {
  const isVideo = post.mediaType === "video";
  return {
    _id: post.id,
    caption: post.caption,
    location: post.location,
    tags: post.tags,
    image: post.image,
    mediaType: isVideo ? "video" : "image",
    ...(isVideo && { video: post.image }),
    width: post.width,
    height: post.height,
    placeholder: post.placeholder,
    isReel: post.isReel,
    ...presentLikes(parts.likes),
    comments: (parts.comments?.comments ?? []).map(presentComment),
    commentsCount: parts.comments?.commentsCount ?? 0,
    commentsCursor: olderCommentsCursor(parts.comments),
    shares: post.sharesCount,
    sharesCount: post.sharesCount,
    isFollowed: relation.isFollower,
    isMyPost: post.userId === viewerId,
    user: {
      _id: author.id,
      username: author.username,
      fullName: author.fullName,
      avatar: author.avatar,
      isPrivate: author.isPrivate,
      followersCount: parts.authorFollowersCount,
    },
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}

/** The like part of a post, and the answer of POST /posts/{id}/like and /unlike. */
export function presentLikes(likes: LikeSummary | undefined): LikeResponse {
  return {
    likes: (likes?.likers ?? []).map((liker) => liker.userId),
    likesCount: likes?.likesCount ?? 0,
    isLiked: likes?.isLiked ?? false,
  };
}

function presentReactions(likes: LikeSummary | undefined): FlickReaction[] {
  return (likes?.likers ?? []).map((liker) => ({
    user: { _id: liker.userId, username: liker.username },
    emoji: liker.emoji,
  }));
}

/** The answer of POST /flicks/{id}/like. */
export function presentFlickLike(likes: LikeSummary | undefined): FlickLikeResponse {
  return {
    reactionByUser: presentReactions(likes),
    likesCount: likes?.likesCount ?? 0,
    isLiked: likes?.isLiked ?? false,
  };
}

/**
 * A video post in the flicks feed's shape (spec §3 Flick) as `viewerId` sees it; with a null viewer, as
 * any other member sees it (how a new flick is announced to open feeds).
 */
export function presentFlick(
  {
    post,
    author,
  }: { post: PostWithAuthor["post"]; author: Omit<PostWithAuthor["author"], "followersCount"> },
  parts: PostParts,
  viewerId: string | null,
): Flick {
  return {
    _id: post.id,
    videoUrl: post.image,
    description: post.caption,
    uploadedBy: {
      _id: author.id,
      username: author.username,
      fullName: author.fullName,
      avatar: author.avatar,
    },
    likesCount: parts.likes?.likesCount ?? 0,
    sharesCount: post.sharesCount,
    commentsCount: parts.comments?.commentsCount ?? 0,
    comments: (parts.comments?.comments ?? []).map(presentComment),
    reactionByUser: presentReactions(parts.likes),
    isLiked: parts.likes?.isLiked ?? false,
    isMyFlick: post.userId === viewerId,
    createdAt: post.createdAt.toISOString(),
  };
}

/** The preview of a post that a notification carries (the recipient's own post: they may see it). */
export function presentPostPreview(post: { id: string; image: string; isReel: boolean; mediaType: string }) {
  const isVideo = post.mediaType === "video";
  return {
    _id: post.id,
    image: post.image,
    isReel: post.isReel,
    mediaType: isVideo ? ("video" as const) : ("image" as const),
    // Spec §3's optional `video`, as a full post carries it.
    ...(isVideo && { video: post.image }),
  };
}
