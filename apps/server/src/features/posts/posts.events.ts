import { type Post, type PostComment, type PostEdit, rooms } from "@flik/shared";
import type { ReactionsRemoved } from "../../platform/domain-events.js";
import type { FlikIo } from "../../realtime/realtime.js";

/**
 * Maps what happens to posts onto socket events; payloads come from the server's own data. Every event
 * leaves out the sockets of members blocked either way with whoever caused it (the author, or the
 * member who liked, commented or shared), so nothing of one reaches the other (users.policy).
 */
export function createPostEvents(io: FlikIo) {
  const toPost = (postId: string, actorId: string) =>
    io.to(rooms.post(postId)).except(rooms.blockedWith(actorId));
  const toOwner = (ownerId: string, actorId: string) =>
    // What members do to their own posts is no news to them.
    ownerId === actorId ? undefined : io.to(rooms.user(ownerId)).except(rooms.blockedWith(actorId));

  return {
    /** To the author's own tabs (their feed shows it at once, as the tab that posted does) and followers. */
    created(post: Post, followerIds: string[]) {
      io.to(rooms.user(post.user._id)).emit("newPost", { post });
      if (followerIds.length === 0) return;
      const asFollowersSeeIt: Post = { ...post, isMyPost: false, isFollowed: true, isLiked: false };
      io.to(followerIds.map(rooms.user))
        .except(rooms.blockedWith(post.user._id))
        .emit("newPost", { post: asFollowersSeeIt });
    },
    updated(post: PostEdit, ownerId: string) {
      toPost(post._id, ownerId).emit("postUpdated", { post });
    },
    deleted(postId: string, ownerId: string) {
      toPost(postId, ownerId).emit("postDeleted", { postId });
    },
    liked(
      event: { postId: string; ownerId: string; likesCount: number; isLiked: boolean; newly: boolean },
      actor: Actor,
    ) {
      toPost(event.postId, actor.userId).emit("postLiked", {
        postId: event.postId,
        likesCount: event.likesCount,
        userId: actor.userId,
        isLiked: event.isLiked,
      });
      if (event.isLiked && event.newly)
        toOwner(event.ownerId, actor.userId)?.emit("newLike", {
          postId: event.postId,
          username: actor.username,
        });
    },
    commented(
      event: { postId: string; ownerId: string; comment: PostComment; commentsCount: number },
      actor: Actor,
    ) {
      toPost(event.postId, actor.userId).emit("postCommented", {
        postId: event.postId,
        comment: event.comment,
        commentsCount: event.commentsCount,
      });
      toOwner(event.ownerId, actor.userId)?.emit("newComment", {
        postId: event.postId,
        username: actor.username,
        text: event.comment.text,
      });
    },
    /** Left out too: members blocked with the comment's author, who never had it (the post's owner may delete it). */
    commentDeleted(
      event: { postId: string; commentId: string; commentsCount: number },
      actor: Actor,
      authorId: string,
    ) {
      toPost(event.postId, actor.userId)
        .except(rooms.blockedWith(authorId))
        .emit("postCommentDeleted", event);
    },
    /**
     * A member's likes and comments taken off posts, by a block (the blocked member's, off the blocker's
     * posts) or with their deleted account (off everyone's): the posts' watchers hear of them as of an
     * unlike and a deletion, except the member (never told of a block), the blocker and everyone blocked
     * with either of the two (who never had them, or may not hear of the blocker); the blocker's own
     * tabs hear of them in their own room, whichever rooms they are in by then.
     */
    reactionsRemoved(removed: ReactionsRemoved[], by: { actorId: string; blockerId?: string }) {
      const { actorId, blockerId } = by;
      const outOfSight = [rooms.blockedWith(actorId), rooms.user(actorId)];
      if (blockerId) outOfSight.push(rooms.blockedWith(blockerId), rooms.user(blockerId));
      for (const { postId, likesCount, commentsCount, likeRemoved, commentIds } of removed) {
        const told = [io.to(rooms.post(postId)).except(outOfSight)];
        if (blockerId) told.push(io.to(rooms.user(blockerId)));
        for (const audience of told) {
          if (likeRemoved)
            audience.emit("postLiked", { postId, likesCount, userId: actorId, isLiked: false });
          for (const commentId of commentIds)
            audience.emit("postCommentDeleted", { postId, commentId, commentsCount });
        }
      }
    },
    shared(event: { postId: string; ownerId: string; sharesCount: number; newly: boolean }, actor: Actor) {
      // Every share counts; the author hears of a member's shares of a post once (spec §10), as of a like.
      toPost(event.postId, actor.userId).emit("postShared", {
        postId: event.postId,
        sharesCount: event.sharesCount,
      });
      if (event.newly)
        toOwner(event.ownerId, actor.userId)?.emit("newShare", {
          postId: event.postId,
          username: actor.username,
        });
    },
  };
}

interface Actor {
  userId: string;
  username: string;
}

export type PostEvents = ReturnType<typeof createPostEvents>;
