import type { Post, PostComment } from "@flik/shared";
import type { CommentRow, LikeSummary, PostWithAuthor } from "./posts.queries.js";

export interface PostParts {
  likes: LikeSummary | undefined;
  comments: { comments: CommentRow[]; commentsCount: number } | undefined;
  authorFollow: { followersCount: number; isFollowed: boolean } | undefined;
}

export function presentComment(row: CommentRow): PostComment {
  return {
    _id: row.id,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    user: { _id: row.user.id, username: row.user.username, avatar: row.user.avatar },
  };
}

/** A post as `viewerId` sees it: spec §3's fields, the viewer's own state included. */
export function presentPost({ post, author }: PostWithAuthor, parts: PostParts, viewerId: string): Post {
  const isVideo = post.mediaType === "video";
  return {
    _id: post.id,
    caption: post.caption,
    location: post.location,
    tags: post.tags,
    image: post.image,
    mediaType: isVideo ? "video" : "image",
    ...(isVideo && { video: post.image }),
    isReel: post.isReel,
    likes: (parts.likes?.likers ?? []).map((liker) => liker.userId),
    likesCount: parts.likes?.likesCount ?? 0,
    isLiked: parts.likes?.isLiked ?? false,
    comments: (parts.comments?.comments ?? []).map(presentComment),
    commentsCount: parts.comments?.commentsCount ?? 0,
    shares: post.sharesCount,
    sharesCount: post.sharesCount,
    isFollowed: parts.authorFollow?.isFollowed ?? false,
    isMyPost: post.userId === viewerId,
    user: {
      _id: author.id,
      username: author.username,
      fullName: author.fullName,
      avatar: author.avatar,
      followersCount: parts.authorFollow?.followersCount ?? 0,
    },
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}
