import type { Post } from "@flik/shared";
import { useRef } from "react";
import { fullDateTime } from "../../../lib/time-ago";
import { useFocusWhenClosed } from "../../../lib/use-focus-when-closed";
import { usePostView } from "../cache/post-shadow";
import { useSharePost } from "../hooks/use-share-post";
import { useToggleLike } from "../hooks/use-toggle-like";
import { CommentForm } from "./comment-form";
import type { PostDeletion } from "./delete-post-dialog";
import { likesText, PostActions } from "./post-actions";
import { PostAuthor } from "./post-author";
import { PostCaption, PostPlaceAndTags } from "./post-caption";
import { PostComments } from "./post-comments";
import { detailFrameClass } from "./post-detail-skeleton";
import { PostEditForm } from "./post-edit-form";
import { PostHeaderActions } from "./post-header-actions";
import { PostDetailMedia } from "./post-media";

interface PostDetailProps {
  /** The cache's copy; pending likes and follows are laid over it. */
  post: Post;
  editing: boolean;
  onEdit: () => void;
  onDoneEditing: () => void;
  deletion: PostDeletion;
}

/**
 * The post screen's body. On phones, as Instagram has it: author, media, actions, caption, comments,
 * then the comment box. On wide screens the media fills the left column and the right one holds the
 * author, the caption and comments (scrolling), then the actions and the comment box.
 */
export function PostDetail({ post, editing, onEdit, onDoneEditing, deletion }: PostDetailProps) {
  const view = usePostView(post);
  const toggleLike = useToggleLike();
  const share = useSharePost();
  const commentInput = useRef<HTMLInputElement>(null);
  // Save and Cancel close the form with the focus in it: Post options, where Edit was chosen, takes it
  // back (the post, should it have none).
  const articleRef = useRef<HTMLElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  useFocusWhenClosed(
    editing,
    () => headerRef.current?.querySelector<HTMLElement>("[aria-haspopup=menu]") ?? articleRef.current,
  );

  return (
    <article
      ref={articleRef}
      tabIndex={-1}
      aria-label={`Post by @${view.user.username}`}
      className={`${detailFrameClass} outline-none`}
    >
      <h1 className="sr-only">Post by @{view.user.username}</h1>
      <header
        ref={headerRef}
        className="flex items-center gap-3 border-b border-zinc-100 px-4 py-3 md:col-start-2 md:row-start-1 md:border-l md:border-l-zinc-200"
      >
        <div className="min-w-0 flex-1">
          <PostAuthor post={view} />
        </div>
        <PostHeaderActions post={post} view={view} onEdit={onEdit} deletion={deletion} />
      </header>

      <PostDetailMedia post={view} className="md:col-start-1 md:row-span-2 md:row-start-1" />

      <div className="flex min-h-0 flex-col md:col-start-2 md:row-start-2 md:border-l md:border-zinc-200">
        {editing ? (
          <PostEditForm post={view} onDone={onDoneEditing} />
        ) : (
          <>
            <div className="space-y-2 px-4 pt-2 md:order-2 md:border-t md:border-zinc-100">
              <PostActions
                post={view}
                onLike={() => toggleLike(post)}
                onComment={() => commentInput.current?.focus()}
                onShare={() => void share(post)}
              />
              <p className="text-sm font-semibold text-zinc-900">{likesText(view.likesCount)}</p>
            </div>
            <div className="space-y-4 px-4 pt-3 pb-4 md:order-1 md:min-h-0 md:flex-1 md:overflow-y-auto md:pt-4">
              <PostCaption post={view} />
              <PostPlaceAndTags post={view} />
              <section aria-labelledby={`comments-${view._id}`} className="border-t border-zinc-100 pt-4">
                <h2 id={`comments-${view._id}`} className="mb-3 text-sm font-semibold text-zinc-900">
                  Comments
                </h2>
                <PostComments
                  postId={view._id}
                  comments={view.comments}
                  cursor={view.commentsCursor}
                  ownerId={view.user._id}
                />
              </section>
            </div>
            <div className="space-y-2 px-4 pb-4 md:order-3 md:pt-2">
              <p className="text-xs tracking-wide text-zinc-500 uppercase">
                <time dateTime={view.createdAt}>{fullDateTime(view.createdAt)}</time>
              </p>
              <CommentForm postId={view._id} inputRef={commentInput} className="pt-1" />
            </div>
          </>
        )}
      </div>
    </article>
  );
}
