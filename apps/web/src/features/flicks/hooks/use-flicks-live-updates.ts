import type { FlicksPage } from "@flik/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { getUserId } from "../../../lib/storage";
import { dropPostsOfPrivateMember } from "../../follows/cache/follow-cache";
import { isDeletingHere } from "../../posts/cache/deleting-here";
import { usePostRooms } from "../../posts/hooks/use-post-rooms";
import { useJoinedRoomsCheck, useSocket } from "../../realtime/socket-provider";
import { useSocketEvents } from "../../realtime/use-socket-events";
import { flickKeys } from "../api/flick-keys";
import { fetchFlicksPage } from "../api/flicks.api";
import {
  addCachedFlickComment,
  findCachedFlick,
  patchFlick,
  prependCachedFlick,
  removeCachedFlick,
  removeCachedFlickComment,
  removeCachedFlicksBy,
} from "../cache/flick-cache";

/**
 * What happened while the socket was away, or before it first joined the feed's rooms, was never sent:
 * the newest page is fetched and laid over the feed (new reels on top, the server's copy of the known
 * ones). It is merged rather than refetched whole, so a live event that arrives while the page is on its
 * way is not overwritten by the older answer. A feed whose first page is still on its way, perhaps read
 * before the rooms were joined, has that page read again instead.
 */
async function readNewestPage(queryClient: QueryClient): Promise<void> {
  if (!queryClient.getQueryData(flickKeys.feed())) {
    // A first read on its way is not cut short by a refetch (TanStack's rule for a query without data).
    const feed = { queryKey: flickKeys.feed(), exact: true };
    await queryClient.cancelQueries(feed);
    await queryClient.refetchQueries({ ...feed, type: "active" });
    return;
  }
  let page: FlicksPage;
  try {
    page = await fetchFlicksPage(null);
  } catch {
    return; // The next reconnect or a reload catches up instead.
  }
  for (const flick of page.flicks.toReversed()) {
    if (findCachedFlick(queryClient, flick._id)) patchFlick(queryClient, flick._id, () => flick);
    else prependCachedFlick(queryClient, flick);
  }
}

/** A catch-up on its way, and whether another was asked meanwhile. */
const catchingUp = new WeakMap<QueryClient, { again: boolean }>();

/**
 * Several answers may ask at once (the member's room, the feed's, its flicks' rooms): one read goes,
 * and one more after it if any asked while it was on its way (what they heard may postdate its read).
 */
async function catchUp(queryClient: QueryClient): Promise<void> {
  const running = catchingUp.get(queryClient);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false };
  catchingUp.set(queryClient, state);
  try {
    do {
      state.again = false;
      await readNewestPage(queryClient);
    } while (state.again);
  } finally {
    catchingUp.delete(queryClient);
  }
}

/**
 * Keeps the open feed live: the `flicks` room brings new and deleted reels; the rooms of the flicks on
 * screen (`postIds`, a flick being a post) bring their likes, comments and shares; the member's room
 * brings a followed private member's reels. It catches up after every reconnect, and after the first
 * connect or a join only when a room's answer says it may have had events since the feed was read: a
 * feed opened as the page loads is read once, not twice.
 */
export function useFlicksLiveUpdates(postIds: readonly string[]): void {
  const socket = useSocket();
  const check = useJoinedRoomsCheck();
  const queryClient = useQueryClient();
  usePostRooms(postIds, () => void catchUp(queryClient));

  useEffect(() => {
    if (!socket) return;
    if (socket.connected)
      socket.emit("joinFlicks", (answer) => {
        if (check?.heardSincePageBegan(answer)) void catchUp(queryClient);
      });
    return () => {
      // A disconnected socket has left every room already; a buffered leave would be sent on reconnect.
      if (socket.connected) socket.emit("leaveFlicks");
    };
  }, [socket, check, queryClient]);

  // Our own delete's echo comes before its answer: the flick stays until then (the feed hands the focus on).
  const removed = (id: string) => {
    if (!isDeletingHere(queryClient, id)) removeCachedFlick(queryClient, id);
  };
  useSocketEvents(
    {
      newReel: ({ flick }) => prependCachedFlick(queryClient, flick),
      flickDeleted: ({ flickId }) => removed(flickId),
      postDeleted: ({ postId }) => removed(postId),
      // A private member removed the viewer as a follower: her flicks go at once, as her posts do
      // elsewhere (this full screen is outside the frame whose follow updates would do it).
      postFollowed: ({ userId, followerId, removed: ended, isPrivate }) => {
        if (ended && followerId === getUserId() && dropPostsOfPrivateMember(queryClient, userId, isPrivate))
          removeCachedFlicksBy(queryClient, userId);
      },
      postLiked: ({ postId, likesCount, userId, isLiked }) =>
        // isLiked is the actor's state: it is the viewer's only when they acted (in another tab).
        patchFlick(queryClient, postId, (flick) => ({
          ...flick,
          likesCount,
          ...(userId === getUserId() ? { isLiked } : {}),
        })),
      postCommented: ({ postId, comment, commentsCount }) =>
        addCachedFlickComment(queryClient, postId, comment, commentsCount),
      postCommentDeleted: ({ postId, commentId, commentsCount }) =>
        removeCachedFlickComment(queryClient, postId, commentId, commentsCount),
      postShared: ({ postId, sharesCount }) =>
        patchFlick(queryClient, postId, (flick) => ({ ...flick, sharesCount })),
      // The owner edited the post the flick is: its caption is the flick's description.
      postUpdated: ({ post }) =>
        patchFlick(queryClient, post._id, (flick) => ({
          ...flick,
          description: post.caption,
          videoUrl: post.image,
        })),
    },
    {
      // Rooms do not survive a reconnect, so the feed joins again on every connect. What came before
      // (the feed is read while the socket first connects) is read again if the answer says anything
      // did; what came while away always is, with every screen's reads (`onCatchUp`), which also follow
      // a first connect whose member's room was not quiet.
      onConnect: () =>
        socket?.emit("joinFlicks", (answer) => {
          if (check?.missedOnFirstConnect(answer)) void catchUp(queryClient);
        }),
      onCatchUp: () => void catchUp(queryClient),
    },
  );
}
