import type { Post } from "@flik/shared";
import { useSocketEvents } from "../../realtime/use-socket-events";

/**
 * A post of `posts` deleted live by its author: `onDeleted` is told once, for the screen's own count (a
 * profile's; a tag page's is kept by the posts' cache). The post leaves the list itself through usePostLiveUpdates; read from the list as
 * drawn, which still holds it when the event comes, it is counted once.
 */
export function usePostDeletedFrom(posts: readonly Post[], onDeleted: (post: Post) => void): void {
  useSocketEvents({
    postDeleted: ({ postId }) => {
      const post = posts.find((shown) => shown._id === postId);
      if (post) onDeleted(post);
    },
  });
}
