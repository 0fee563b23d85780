import { ConfirmDialog } from "../../../components/confirm-dialog";

interface UnfollowDialogProps {
  username: string;
  onUnfollow: () => void;
  onCancel: () => void;
}

/**
 * Instagram's question before unfollowing a private member: their posts and stories go away, and coming
 * back takes a request they must accept. The unfollow itself is optimistic, so nothing waits here.
 */
export function UnfollowDialog({ username, onUnfollow, onCancel }: UnfollowDialogProps) {
  return (
    <ConfirmDialog
      title={`Unfollow ${username}?`}
      confirmLabel="Unfollow"
      onConfirm={onUnfollow}
      onCancel={onCancel}
    >
      <p>If you change your mind, you'll have to request to follow @{username} again.</p>
    </ConfirmDialog>
  );
}
