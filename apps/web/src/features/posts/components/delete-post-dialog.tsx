import type { Post } from "@flik/shared";
import { flushSync } from "react-dom";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useDeletePost } from "../hooks/use-delete-post";

/** What a post's Delete asks. */
export const CONFIRM_DELETE_POST = "Delete this post?";
/** Spec §5: what deleting a reel asks, on the flicks screen and on a flick's post page alike. */
export const CONFIRM_DELETE_REEL = "Are you sure you want to delete this reel?";

interface FlickDeleteDialogProps {
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec §5: deleting a reel asks first. Cancel has the focus, so Enter alone never deletes. */
export function FlickDeleteDialog({ deleting, onConfirm, onCancel }: FlickDeleteDialogProps) {
  return (
    <ConfirmDialog
      title="Delete reel?"
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={deleting}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{CONFIRM_DELETE_REEL}</p>
    </ConfirmDialog>
  );
}

/** What the screen showing the post does around its delete. */
export interface PostDeletion {
  /** Just before the delete is sent: its live echo may come before the answer. */
  onSending?: () => void;
  onDeleted?: () => void;
  onFailed?: () => void;
}

interface DeletePostDialogProps extends PostDeletion {
  post: Pick<Post, "_id" | "isReel">;
  onClose: () => void;
}

/**
 * The owner's Delete (spec §6), asked first with Cancel focused, so Enter alone never deletes; it stays,
 * saying "Deleting...", until the server answers. A flick is asked about as a reel, as on its own screen.
 */
export function DeletePostDialog({ post, onClose, onSending, onDeleted, onFailed }: DeletePostDialogProps) {
  const deletePost = useDeletePost(() => {
    // Closed at once, so that it gives the focus back to the post's menu button now, while the post is
    // still there: a list (the feed's useRovingFocus) hands it on as the post goes; a screen showing the
    // post alone leaves that to the screen it goes to.
    flushSync(onClose);
    onDeleted?.();
  });
  const confirm = () => {
    onSending?.();
    deletePost.mutate(post._id, { onError: onFailed, onSettled: onClose });
  };
  if (post.isReel)
    return <FlickDeleteDialog deleting={deletePost.isPending} onConfirm={confirm} onCancel={onClose} />;
  return (
    <ConfirmDialog
      title={CONFIRM_DELETE_POST}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={deletePost.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p>It will be gone from your profile and from every feed. You can't undo this.</p>
    </ConfirmDialog>
  );
}
