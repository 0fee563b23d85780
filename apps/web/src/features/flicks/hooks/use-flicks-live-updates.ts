import type { ServerToClientEvents } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { getUserId } from "../../../lib/storage";
import { usePostRooms } from "../../posts/hooks/use-post-rooms";
import { useSocket } from "../../realtime/socket-provider";
import {
  addCachedFlickComment,
  patchFlick,
  prependCachedFlick,
  removeCachedFlick,
} from "../cache/flick-cache";

/**
 * Keeps the open feed live: the `flicks` room brings new and deleted reels; the rooms of the flicks on
 * screen (`postIds`, a flick being a post) bring their likes, comments and shares.
 */
export function useFlicksLiveUpdates(postIds: readonly string[]): void {
  const socket = useSocket();
  const queryClient = useQueryClient();
  usePostRooms(postIds);

  useEffect(() => {
    if (!socket) return;
    // Rooms do not survive a reconnect, so the feed joins again on every connect.
    const join = () => socket.emit("joinFlicks");
    if (socket.connected) join();
    socket.on("connect", join);

    const onNewReel: ServerToClientEvents["newReel"] = ({ flick }) => prependCachedFlick(queryClient, flick);
    const onDeleted = (id: string) => removeCachedFlick(queryClient, id);
    const onFlickDeleted: ServerToClientEvents["flickDeleted"] = ({ flickId }) => onDeleted(flickId);
    const onPostDeleted: ServerToClientEvents["postDeleted"] = ({ postId }) => onDeleted(postId);
    const onLiked: ServerToClientEvents["postLiked"] = ({ postId, likesCount, userId, isLiked }) =>
      // isLiked is the actor's state: it is the viewer's only when they acted (in another tab).
      patchFlick(queryClient, postId, (flick) => ({
        ...flick,
        likesCount,
        ...(userId === getUserId() ? { isLiked } : {}),
      }));
    const onCommented: ServerToClientEvents["postCommented"] = ({ postId, comment, commentsCount }) =>
      addCachedFlickComment(queryClient, postId, comment, commentsCount);
    const onShared: ServerToClientEvents["postShared"] = ({ postId, sharesCount }) =>
      patchFlick(queryClient, postId, (flick) => ({ ...flick, sharesCount }));
    // The owner edited the post the flick is: its caption is the flick's description.
    const onUpdated: ServerToClientEvents["postUpdated"] = ({ post }) =>
      patchFlick(queryClient, post._id, (flick) => ({
        ...flick,
        description: post.caption,
        videoUrl: post.image,
      }));

    socket.on("newReel", onNewReel);
    socket.on("flickDeleted", onFlickDeleted);
    socket.on("postDeleted", onPostDeleted);
    socket.on("postLiked", onLiked);
    socket.on("postCommented", onCommented);
    socket.on("postShared", onShared);
    socket.on("postUpdated", onUpdated);
    return () => {
      socket.off("connect", join);
      socket.off("newReel", onNewReel);
      socket.off("flickDeleted", onFlickDeleted);
      socket.off("postDeleted", onPostDeleted);
      socket.off("postLiked", onLiked);
      socket.off("postCommented", onCommented);
      socket.off("postShared", onShared);
      socket.off("postUpdated", onUpdated);
      // A disconnected socket has left every room already; a buffered leave would be sent on reconnect.
      if (socket.connected) socket.emit("leaveFlicks");
    };
  }, [socket, queryClient]);
}
