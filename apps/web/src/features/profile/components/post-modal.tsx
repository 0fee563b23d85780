import type { Post } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { Dialog } from "../../../components/dialog";
import { LinkIcon } from "../../../components/icons";
import { CloseIcon } from "../../../components/later-icons";
import { type PostPageArrival, postPath } from "../../../lib/paths";
import { fullDateTime } from "../../../lib/time-ago";
import { isPostUnavailable, usePostQuery } from "../../posts/api/posts.queries";
import { removeCachedPost } from "../../posts/cache/post-cache";
import { usePostView } from "../../posts/cache/post-shadow";
import { CommentForm } from "../../posts/components/comment-form";
import { LikeToggle } from "../../posts/components/like-toggle";
import { PostAuthor } from "../../posts/components/post-author";
import { PostCaption } from "../../posts/components/post-caption";
import { PostComments } from "../../posts/components/post-comments";
import { PostDetailMedia } from "../../posts/components/post-media";
import { usePostRooms } from "../../posts/hooks/use-post-rooms";
import { useToggleLike } from "../../posts/hooks/use-toggle-like";
import { useSocketEvents } from "../../realtime/use-socket-events";
import { profileKeys } from "../api/profile-keys";

const iconButtonClass =
  "flex size-10 shrink-0 items-center justify-center rounded-full text-zinc-700 transition hover:bg-zinc-100 hover:text-zinc-950";

/**
 * A post opened from the profile grid. It shows the grid's copy at once and the full post (its newest
 * comments, and older ones a page at a time) when it arrives, and stays live; likes and comments go through the shared post caches.
 */
export function PostModal({ postId, onClose }: { postId: string; onClose: () => void }) {
  const query = usePostQuery(postId);
  usePostRooms([postId]);
  const post = query.data;
  // Deleted while open (by its author, elsewhere): said here as the post screen says it (spec §8), inside
  // the dialog, where a screen reader hears it.
  const [deleted, setDeleted] = useState(false);
  useSocketEvents({ postDeleted: (event) => event.postId === postId && setDeleted(true) });
  const unavailable = deleted || (query.isError && isPostUnavailable(query.error));
  // Gone for the member since the grid showed it: once the modal closes (however: Close, Escape, Back),
  // it leaves the grid and its owner's profile is read again, as they may have gone private or blocked
  // the member. Not before: the profile's private state would take the grid away under it unasked (this
  // modal, which the profile holds, would stay).
  useForgetOnClose(unavailable ? { postId, username: post?.user.username } : null);

  return (
    <Dialog
      title={post ? `Post by @${post.user.username}` : "Post"}
      hideTitle
      size="xl"
      fullScreenOnPhone
      onClose={onClose}
      bodyClassName=""
    >
      {/* Gone since it was opened (deleted, gone private, a block): what the server says now wins. */}
      {post && !unavailable ? (
        <PostModalBody post={post} onClose={onClose} />
      ) : (
        <div className="flex min-h-72 flex-col items-center justify-center gap-4 p-8 text-center">
          {deleted || query.isError ? (
            <>
              <p role={deleted ? "alert" : undefined} className="font-semibold text-zinc-900">
                {deleted
                  ? "This post was deleted."
                  : isPostUnavailable(query.error)
                    ? "This post isn't available."
                    : "Error fetching post"}
              </p>
              {/* What had the focus went with the post: Close takes it. */}
              {/* biome-ignore lint/a11y/noAutofocus: the dialog's content was replaced under the focus */}
              <button type="button" onClick={onClose} autoFocus={deleted} className={buttonStyles.secondary}>
                Close
              </button>
            </>
          ) : (
            <p role="status" className="text-sm text-zinc-500">
              Loading post...
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** On unmount, takes the post found gone off every list and reads its owner's profile again. */
function useForgetOnClose(gone: { postId: string; username: string | undefined } | null) {
  const queryClient = useQueryClient();
  const forget = useEffectEvent(() => {
    if (!gone) return;
    removeCachedPost(queryClient, gone.postId);
    const profile = gone.username ? profileKeys.page(gone.username) : profileKeys.pages();
    void queryClient.invalidateQueries({ queryKey: profile });
  });
  useEffect(() => () => forget(), []);
}

function PostModalBody({ post, onClose }: { post: Post; onClose: () => void }) {
  const view = usePostView(post);
  const toggleLike = useToggleLike();

  return (
    <article className="flex min-h-full flex-col md:grid md:h-[min(85dvh,760px)] md:grid-cols-[minmax(0,1fr)_minmax(320px,380px)] md:grid-rows-[auto_minmax(0,1fr)_auto]">
      <header className="flex items-center gap-2 border-b border-zinc-100 px-4 py-2.5 md:col-start-2 md:row-start-1">
        <div className="min-w-0 flex-1">
          <PostAuthor post={view} />
        </div>
        <Link
          to={postPath(view.user.username, view._id)}
          state={{ overItsModal: true } satisfies PostPageArrival}
          aria-label="Open post page"
          title="Open post page"
          className={iconButtonClass}
        >
          <LinkIcon className="size-5" />
        </Link>
        <button type="button" aria-label="Close" onClick={onClose} className={iconButtonClass}>
          <CloseIcon className="size-5" />
        </button>
      </header>

      <PostDetailMedia post={view} className="md:col-start-1 md:row-span-3 md:row-start-1" />

      <div className="space-y-4 px-4 py-4 md:col-start-2 md:row-start-2 md:min-h-0 md:overflow-y-auto">
        <PostCaption post={view} />
        <PostComments
          postId={view._id}
          comments={view.comments}
          cursor={view.commentsCursor}
          ownerId={view.user._id}
        />
      </div>

      <footer className="mt-auto space-y-3 border-t border-zinc-100 px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] md:col-start-2 md:row-start-3">
        <div className="flex items-center justify-between gap-3">
          <LikeToggle liked={view.isLiked} count={view.likesCount} onToggle={() => toggleLike(post)} />
          <time dateTime={view.createdAt} className="text-xs tracking-wide text-zinc-500 uppercase">
            {fullDateTime(view.createdAt)}
          </time>
        </div>
        <CommentForm postId={view._id} />
      </footer>
    </article>
  );
}
