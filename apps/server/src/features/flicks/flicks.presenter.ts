import type { Flick, FlickReaction, PostComment } from "@flik/shared";
import type { LikeSummary } from "../posts/posts.queries.js";
import type { FlickRow } from "./flicks.queries.js";

export function presentReactions(likes: LikeSummary | undefined): FlickReaction[] {
  return (likes?.likers ?? []).map((liker) => ({
    user: { _id: liker.userId, username: liker.username },
    emoji: liker.emoji,
  }));
}

/** A flick (spec §3) as `viewerId` sees it. */
export function presentFlick(
  { post, author }: FlickRow,
  parts: { likes: LikeSummary | undefined; comments: PostComment[]; commentsCount: number },
  viewerId: string,
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
    commentsCount: parts.commentsCount,
    comments: parts.comments,
    reactionByUser: presentReactions(parts.likes),
    isLiked: parts.likes?.isLiked ?? false,
    isMyFlick: post.userId === viewerId,
    createdAt: post.createdAt.toISOString(),
  };
}
