import type { QueryClient } from "@tanstack/react-query";
import { syncIntent } from "../../../lib/intent-store";
import { getUserId } from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { findCachedPost, patchPost } from "./post-cache";
import { getLikeIntents } from "./post-shadow";

/** The server's answer to a like, from the post call (`likes` included) or the flick call. */
export interface LikeAnswer {
  isLiked: boolean;
  likesCount: number;
  likes?: string[];
}

/** The newest-first liker ids with `userId` put in or taken out. */
export function withLiker(likes: string[], userId: string, liked: boolean): string[] {
  const others = likes.filter((id) => id !== userId);
  return liked ? [userId, ...others] : others;
}

/** Writes the server's answer to a like by this member to every cached copy of the post. */
export function applyLikeAnswer(queryClient: QueryClient, postId: string, answer: LikeAnswer): void {
  const me = getUserId();
  patchPost(queryClient, postId, (post) => ({
    ...post,
    isLiked: answer.isLiked,
    likesCount: answer.likesCount,
    likes: answer.likes ?? (me ? withLiker(post.likes, me, answer.isLiked) : post.likes),
  }));
}

export interface LikeRequest {
  /** What the server said last as the caller has it (the cache's copy, not the shown one). */
  lastKnown: boolean;
  /** The server's like state from the cache, if it has the post. */
  cached?: () => boolean | undefined;
  /** Sends one like or unlike; `applyLikeAnswer` is done here, any other copy is the caller's. */
  send: (liked: boolean) => Promise<LikeAnswer>;
  onError: (error: unknown) => void;
}

/**
 * The one optimistic engine for likes, wherever the post is shown (feed, post screen, profile, flicks):
 * the member's wish shows at once on every copy, rapid taps collapse into at most two requests with the
 * last tap winning, and a failure drops the wish, which shows the server's state again.
 */
export function requestLike(queryClient: QueryClient, postId: string, liked: boolean, request: LikeRequest) {
  getLikeIntents(queryClient).set(postId, liked);
  void syncIntent({
    store: getLikeIntents(queryClient),
    key: postId,
    lastKnown: request.lastKnown,
    cached: () => request.cached?.() ?? findCachedPost(queryClient, postId)?.isLiked,
    send: async (wanted) => {
      const answer = await request.send(wanted);
      applyLikeAnswer(queryClient, postId, answer);
      return answer.isLiked;
    },
    onError: (error) => request.onError(error),
  });
}

/** The like the member sees now for this post: a pending wish, else the server's state. */
export function shownLike(queryClient: QueryClient, postId: string, serverLiked: boolean): boolean {
  return getLikeIntents(queryClient).get(postId) ?? serverLiked;
}

/** A like or unlike the server refused for another reason than the post being gone (a post's or a flick's). */
export function toastLikeFailed(postId: string): void {
  toast.error("Couldn't update your like. Please try again.", { toastId: `like-error-${postId}` });
}
