import type { Post } from "@flik/shared";
import { notifyManager, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useSyncExternalStore } from "react";

/**
 * What the member has asked for and the server has not confirmed yet: likes by post id, follows by
 * author id. The query cache keeps only what the server said; a post is shown as the cache's copy with
 * these intents laid over it, so a rollback is just dropping the intent, and a live event that changes
 * the server's copy meanwhile is never overwritten by a stale optimistic value.
 */
export class PostShadow {
  private readonly likes = new Map<string, boolean>();
  private readonly follows = new Map<string, boolean>();
  private readonly syncing = new Set<string>();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private notify() {
    for (const listener of this.listeners) listener();
  }

  likeIntent(postId: string): boolean | undefined {
    return this.likes.get(postId);
  }

  followIntent(authorId: string): boolean | undefined {
    return this.follows.get(authorId);
  }

  setLikeIntent(postId: string, liked: boolean | undefined) {
    if (liked === undefined) this.likes.delete(postId);
    else this.likes.set(postId, liked);
    this.notify();
  }

  setFollowIntent(authorId: string, followed: boolean | undefined) {
    if (followed === undefined) this.follows.delete(authorId);
    else this.follows.set(authorId, followed);
    this.notify();
  }

  /** Claims the one request loop of `key`; false when a loop already runs (it will see the new intent). */
  beginSync(key: string): boolean {
    if (this.syncing.has(key)) return false;
    this.syncing.add(key);
    return true;
  }

  endSync(key: string) {
    this.syncing.delete(key);
  }

  isSyncing(key: string): boolean {
    return this.syncing.has(key);
  }

  /**
   * Drops a settled intent once the query cache has told its screens the server's answer: the cache
   * notifies in a later tick, and dropping the intent sooner would flash the old state for a frame.
   * A tap meanwhile (a new loop, or another value) keeps its intent.
   */
  releaseLikeIntent(postId: string) {
    const settled = this.likes.get(postId);
    notifyManager.schedule(() => {
      if (!this.isSyncing(`like:${postId}`) && this.likes.get(postId) === settled) {
        this.setLikeIntent(postId, undefined);
      }
    });
  }

  releaseFollowIntent(authorId: string) {
    const settled = this.follows.get(authorId);
    notifyManager.schedule(() => {
      if (!this.isSyncing(`follow:${authorId}`) && this.follows.get(authorId) === settled) {
        this.setFollowIntent(authorId, undefined);
      }
    });
  }
}

const shadows = new WeakMap<QueryClient, PostShadow>();

/** One shadow per query client, so tests (one client each) never share intents. */
export function getPostShadow(queryClient: QueryClient): PostShadow {
  let shadow = shadows.get(queryClient);
  if (!shadow) {
    shadow = new PostShadow();
    shadows.set(queryClient, shadow);
  }
  return shadow;
}

/** The post as the member should see it: the server's copy with their pending like and follow applied. */
export function applyShadow(post: Post, liked: boolean | undefined, followed: boolean | undefined): Post {
  let view = post;
  if (liked !== undefined && liked !== post.isLiked) {
    view = { ...view, isLiked: liked, likesCount: Math.max(0, post.likesCount + (liked ? 1 : -1)) };
  }
  if (followed !== undefined && followed !== post.isFollowed) {
    const followersCount = Math.max(0, post.user.followersCount + (followed ? 1 : -1));
    view = { ...view, isFollowed: followed, user: { ...view.user, followersCount } };
  }
  return view;
}

export function usePostView(post: Post): Post {
  const shadow = getPostShadow(useQueryClient());
  const liked = useSyncExternalStore(
    shadow.subscribe,
    useCallback(() => shadow.likeIntent(post._id), [shadow, post._id]),
  );
  const followed = useSyncExternalStore(
    shadow.subscribe,
    useCallback(() => shadow.followIntent(post.user._id), [shadow, post.user._id]),
  );
  return useMemo(() => applyShadow(post, liked, followed), [post, liked, followed]);
}
