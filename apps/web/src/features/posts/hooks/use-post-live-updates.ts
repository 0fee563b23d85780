import type { PostEdit } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { getUserId } from "../../../lib/storage";
import { profileKeys } from "../../profile/api/profile-keys";
import { useSocketEvents } from "../../realtime/use-socket-events";
import { postKeys } from "../api/post-keys";
import { isDeletingHere } from "../cache/deleting-here";
import {
  addCachedComment,
  patchPost,
  prependToFeed,
  readShownPostsAgain,
  removeCachedComment,
  removeCachedPost,
} from "../cache/post-cache";
import { withLiker } from "../cache/post-likes";

function isNewer(edit: PostEdit, updatedAt: string): boolean {
  return !updatedAt || !edit.updatedAt || edit.updatedAt >= updatedAt;
}

/**
 * Applies the server's live post events to the cached posts, wherever they are shown (feed, post
 * screen, profile grids). After a reconnect the posts on show are fetched again (`readShownPostsAgain`):
 * what changed while the socket was away was never sent. After the first connect, only when the
 * member's room, or the rooms of the posts on show (`usePostRooms`, which joins them again), may have
 * had events since the page read them (the feed is read while the socket connects). A new or deleted
 * post that comes while a list is on its way is fetched again after it.
 */
export function usePostLiveUpdates(): void {
  const queryClient = useQueryClient();
  useSocketEvents(
    {
      postLiked: ({ postId, likesCount, userId, isLiked }) => {
        // isLiked is the actor's state: it is ours only when we are the actor (another tab of ours).
        const mine = userId === getUserId();
        patchPost(queryClient, postId, (post) => ({
          ...post,
          likesCount,
          ...(mine ? { isLiked, likes: withLiker(post.likes, userId, isLiked) } : {}),
        }));
      },
      postCommented: ({ postId, comment, commentsCount }) =>
        addCachedComment(queryClient, postId, comment, commentsCount),
      postCommentDeleted: ({ postId, commentId, commentsCount }) =>
        removeCachedComment(queryClient, postId, commentId, commentsCount),
      postUpdated: ({ post: edit }) =>
        patchPost(queryClient, edit._id, (post) =>
          isNewer(edit, post.updatedAt) ? { ...post, ...edit } : post,
        ),
      postDeleted: ({ postId }) => {
        // Our own delete's echo comes before its answer: the post stays until then, so that the screen
        // showing it (the feed, with its open question) hands the focus on before the post goes.
        if (!isDeletingHere(queryClient, postId)) removeCachedPost(queryClient, postId);
      },
      postShared: ({ postId, sharesCount }) =>
        patchPost(queryClient, postId, (post) => ({ ...post, sharesCount, shares: sharesCount })),
      newPost: ({ post }) => {
        prependToFeed(queryClient, post);
        // Posted from another tab of ours: our profile's grid and post count, as that tab reads them.
        if (post.user._id === getUserId())
          void queryClient.invalidateQueries({ queryKey: profileKeys.page(post.user.username) });
      },
    },
    {
      // What the posts' own rooms brought meanwhile, usePostRooms asks of their joins' answers.
      onCatchUp: () => readShownPostsAgain(queryClient),
      writesTo: { newPost: postKeys.lists(), postDeleted: postKeys.all },
    },
  );
}

/** Mount once inside the signed-in area. */
export function PostLiveUpdates() {
  usePostLiveUpdates();
  return null;
}
