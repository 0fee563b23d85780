import { ConfirmDialog } from "../../../components/confirm-dialog";
import { CONFIRM_DELETE_REEL } from "../hooks/use-delete-flick";

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
