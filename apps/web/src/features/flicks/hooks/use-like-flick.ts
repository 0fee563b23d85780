import type { Flick } from "@flik/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { likeFlick } from "../api/flicks.api";
import { findCachedFlick, patchFlick } from "../cache/flick-cache";
import { markPostsStale } from "./mark-posts-stale";

interface LikeSync {
  /** What the member asked for last. */
  wanted: boolean;
  /** What the server said last (or the cache held before the first tap). */
  server: Pick<Flick, "isLiked" | "likesCount" | "reactionByUser">;
}

/** Likes in flight, per query client (tests have one each) and flick id. */
const syncs = new WeakMap<QueryClient, Map<string, LikeSync>>();

function syncsOf(queryClient: QueryClient): Map<string, LikeSync> {
  let map = syncs.get(queryClient);
  if (!map) {
    map = new Map();
    syncs.set(queryClient, map);
  }
  return map;
}

function shown(sync: LikeSync): Pick<Flick, "isLiked" | "likesCount"> {
  const { isLiked, likesCount } = sync.server;
  if (sync.wanted === isLiked) return { isLiked, likesCount };
  return { isLiked: sync.wanted, likesCount: Math.max(0, likesCount + (sync.wanted ? 1 : -1)) };
}

/**
 * One request at a time per flick, until the server agrees with the member's last wish: a burst of taps
 * costs at most two requests and the last one wins. A failure is only logged (spec §8) and shows the
 * server's last state again (the rollback).
 */
async function sync(queryClient: QueryClient, id: string, state: LikeSync): Promise<void> {
  const pending = syncsOf(queryClient);
  try {
    while (state.wanted !== state.server.isLiked) {
      const { isLiked, likesCount, reactionByUser } = await likeFlick(id, state.wanted);
      state.server = { isLiked, likesCount, reactionByUser };
    }
    markPostsStale(queryClient);
  } catch (error) {
    console.error("Liking the flick failed", error);
    state.wanted = state.server.isLiked;
  } finally {
    pending.delete(id);
    patchFlick(queryClient, id, (flick) => ({ ...flick, ...state.server }));
  }
}

/** Sets the like (true) or takes it back (false), shown at once; a no-op when it already is so. */
export function useLikeFlick(): (flick: Flick, liked: boolean) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (flick: Flick, liked: boolean) => {
      const pending = syncsOf(queryClient);
      const running = pending.get(flick._id);
      const current = findCachedFlick(queryClient, flick._id) ?? flick;
      if (current.isLiked === liked) return;
      const state = running ?? {
        wanted: liked,
        server: {
          isLiked: current.isLiked,
          likesCount: current.likesCount,
          reactionByUser: current.reactionByUser,
        },
      };
      state.wanted = liked;
      patchFlick(queryClient, flick._id, (cached) => ({ ...cached, ...shown(state) }));
      if (running) return;
      pending.set(flick._id, state);
      void sync(queryClient, flick._id, state);
    },
    [queryClient],
  );
}
