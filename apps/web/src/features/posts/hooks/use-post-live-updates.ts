import type { PostEdit, ServerToClientEvents } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { getUserId } from "../../../lib/storage";
import { useSocket } from "../../realtime/socket-provider";
import { addCachedComment, patchPost, prependToFeed, removeCachedPost } from "../cache/post-cache";
import { withLiker } from "../cache/post-likes";

function isNewer(edit: PostEdit, updatedAt: string): boolean {
  return !updatedAt || !edit.updatedAt || edit.updatedAt >= updatedAt;
}

/** Applies the server's live post events to the cached posts, wherever they are shown. */
export function usePostLiveUpdates(): void {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const onLiked: ServerToClientEvents["postLiked"] = ({ postId, likesCount, userId, isLiked }) => {
      // isLiked is the actor's state: it is ours only when we are the actor (another tab of ours).
      const mine = userId === getUserId();
      patchPost(queryClient, postId, (post) => ({
        ...post,
        likesCount,
        ...(mine ? { isLiked, likes: withLiker(post.likes, userId, isLiked) } : {}),
      }));
    };
    const onCommented: ServerToClientEvents["postCommented"] = ({ postId, comment, commentsCount }) =>
      addCachedComment(queryClient, postId, comment, commentsCount);
    const onUpdated: ServerToClientEvents["postUpdated"] = ({ post: edit }) =>
      patchPost(queryClient, edit._id, (post) =>
        isNewer(edit, post.updatedAt) ? { ...post, ...edit } : post,
      );
    const onDeleted: ServerToClientEvents["postDeleted"] = ({ postId }) =>
      removeCachedPost(queryClient, postId);
    const onShared: ServerToClientEvents["postShared"] = ({ postId, sharesCount }) =>
      patchPost(queryClient, postId, (post) => ({ ...post, sharesCount, shares: sharesCount }));
    const onNewPost: ServerToClientEvents["newPost"] = ({ post }) => prependToFeed(queryClient, post);

    socket.on("postLiked", onLiked);
    socket.on("postCommented", onCommented);
    socket.on("postUpdated", onUpdated);
    socket.on("postDeleted", onDeleted);
    socket.on("postShared", onShared);
    socket.on("newPost", onNewPost);
    return () => {
      socket.off("postLiked", onLiked);
      socket.off("postCommented", onCommented);
      socket.off("postUpdated", onUpdated);
      socket.off("postDeleted", onDeleted);
      socket.off("postShared", onShared);
      socket.off("newPost", onNewPost);
    };
  }, [socket, queryClient]);
}

/** Mount once inside the signed-in area. */
export function PostLiveUpdates() {
  usePostLiveUpdates();
  return null;
}
