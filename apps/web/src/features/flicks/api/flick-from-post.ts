import { FLICK_COMMENTS_LISTED, type Flick, type Post } from "@flik/shared";

/** A post that can play in the flicks feed: a flick, or any video post. */
export function isPlayablePost(post: Post): boolean {
  return post.isReel || post.mediaType === "video";
}

/**
 * The flick a share link opens, built from GET /posts/{id} (every post call works on a flick). Only the
 * viewer's own reaction is known from a post, which is all the screen shows of reactions.
 */
export function flickFromPost(post: Post): Flick {
  return {
    _id: post._id,
    videoUrl: post.video ?? post.image,
    description: post.caption,
    uploadedBy: {
      _id: post.user._id,
      username: post.user.username,
      fullName: post.user.fullName,
      avatar: post.user.avatar,
    },
    likesCount: post.likesCount,
    sharesCount: post.sharesCount,
    commentsCount: post.commentsCount,
    comments: post.comments.slice(-FLICK_COMMENTS_LISTED),
    reactionByUser: [],
    isLiked: post.isLiked,
    isMyFlick: post.isMyPost,
    createdAt: post.createdAt,
  };
}
