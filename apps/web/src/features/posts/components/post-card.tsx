import type { Post } from "@flik/shared";
import { memo, type Ref, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { postPath } from "../../../lib/paths";
import { usePostView } from "../cache/post-shadow";
import { useSharePost } from "../hooks/use-share-post";
import { useToggleLike } from "../hooks/use-toggle-like";
import { CommentForm } from "./comment-form";
import { CommentPreview } from "./comment-preview";
import { FeedVideo } from "./feed-video";
import { likesText, PostActions } from "./post-actions";
import { PostAuthor } from "./post-author";
import { PostCaption, PostPlaceAndTags } from "./post-caption";
import { PostHeaderActions } from "./post-header-actions";
import { mediaFrameStyle, PostMedia } from "./post-media";

const FEED_COMMENTS_SHOWN = 2;

interface PostCardProps {
  post: Post;
  /** The feed's roving focus: the post is one item of the list, focusable as a whole. */
  focusRef?: Ref<HTMLElement>;
  /** 0 for the feed's current post (its one Tab stop), -1 for the others. */
  tabIndex?: number;
  /** The feed's first post: its photo is the screen's largest paint, fetched at once. */
  priority?: boolean;
}

/**
 * One post in the feed. `post` is the cache's copy; pending likes and follows are laid over it.
 * Memoised: a feed page coming, or another post changing, leaves the other cards as they are (each
 * card's props are the cache's post, a kept ref callback and numbers), so a long feed's next page costs
 * its own posts, not all of them again.
 */
export const PostCard = memo(function PostCard({
  post,
  focusRef,
  tabIndex,
  priority = false,
}: PostCardProps) {
  const view = usePostView(post);
  const navigate = useNavigate();
  const toggleLike = useToggleLike();
  const share = useSharePost();
  const commentInput = useRef<HTMLInputElement>(null);
  const shownComments = view.comments.slice(-FEED_COMMENTS_SHOWN);
  const href = postPath(view.user.username, view._id);

  return (
    <article
      ref={focusRef}
      tabIndex={tabIndex}
      // In the feed, where the posts are one Tab stop: the keys that move between them.
      aria-keyshortcuts={focusRef ? "ArrowDown ArrowUp J K Home End" : undefined}
      aria-label={`Post by @${view.user.username}`}
      // The outline is drawn inside: on phones the card is as wide as the screen. A post moved to by key
      // stops under the sticky header (the page's scroll padding), with a gap where cards float.
      className="-mx-4 border-y border-zinc-200 bg-white focus-visible:-outline-offset-2 sm:mx-0 sm:scroll-mt-4 sm:overflow-hidden sm:rounded-2xl sm:border sm:shadow-sm"
    >
      <header className="flex items-center gap-3 px-4 py-3">
        <div className="min-w-0 flex-1">
          <PostAuthor post={view} linkTime />
        </div>
        <PostHeaderActions post={post} view={view} onEdit={() => navigate(`${href}?edit=1`)} />
      </header>

      {/* Each photo keeps its own shape, within the feed's bounds (mediaFrame). */}
      <div style={mediaFrameStyle(view)} className="aspect-(--media-frame) overflow-hidden bg-zinc-100">
        {view.mediaType === "video" ? (
          <FeedVideo post={view} />
        ) : (
          <PostMedia post={view} priority={priority} />
        )}
      </div>

      <div className="space-y-2 px-4 pt-2 pb-4">
        <PostActions
          post={view}
          onLike={() => toggleLike(post)}
          onComment={() => commentInput.current?.focus()}
          onShare={() => void share(post)}
        />
        <p className="text-sm font-semibold text-zinc-900">{likesText(view.likesCount)}</p>
        <PostCaption post={view} clamp />
        <PostPlaceAndTags post={view} />
        {view.commentsCount > shownComments.length && (
          <Link to={href} className="block w-fit rounded text-sm text-zinc-500 hover:text-zinc-800">
            View all {view.commentsCount} comments
          </Link>
        )}
        <CommentPreview comments={shownComments} />
        <CommentForm postId={view._id} inputRef={commentInput} className="pt-1" />
      </div>
    </article>
  );
});
