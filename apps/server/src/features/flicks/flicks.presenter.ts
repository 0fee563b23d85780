import type { Flick, FlickReaction, PostComment } from "@flik/shared";
import type { FlickRow, ReactionRow } from "./flicks.queries.js";

export function presentReactions(rows: ReactionRow[] | undefined): FlickReaction[] {
  return (rows ?? []).map((row) => ({ user: { _id: row.userId, username: row.username }, emoji: row.emoji }));
}

/** A flick (spec §3) as `viewerId` sees it. */
export function presentFlick(
  { post, author }: FlickRow,
  parts: { reactions: ReactionRow[] | undefined; comments: PostComment[]; commentsCount: number },
  viewerId: string,
): Flick {
  const first = parts.reactions?.[0];
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
    likesCount: first?.total ?? 0,
    sharesCount: post.sharesCount,
    commentsCount: parts.commentsCount,
    comments: parts.comments,
    reactionByUser: presentReactions(parts.reactions),
    isLiked: first?.likedByViewer ?? false,
    isMyFlick: post.userId === viewerId,
    createdAt: post.createdAt.toISOString(),
  };
}
