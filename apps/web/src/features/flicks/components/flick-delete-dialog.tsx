import { useRef } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { Dialog } from "../../../components/dialog";
import { CONFIRM_DELETE_REEL } from "../hooks/use-delete-flick";

interface FlickDeleteDialogProps {
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec §5: deleting a reel asks first. Cancel has the focus, so Enter alone never deletes. */
export function FlickDeleteDialog({ deleting, onConfirm, onCancel }: FlickDeleteDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title="Delete reel?"
      size="sm"
      onClose={onCancel}
      initialFocus={cancelRef}
      dismissible={!deleting}
    >
      <p className="text-sm text-zinc-600">{CONFIRM_DELETE_REEL}</p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          ref={cancelRef}
          type="button"
          onClick={onCancel}
          disabled={deleting}
          className={buttonStyles.secondary}
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={deleting}
          className="inline-flex items-center justify-center gap-2 rounded-xl bg-red-600 px-5 py-3 text-sm font-semibold text-white shadow-lg shadow-red-600/20 transition hover:bg-red-700 active:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {deleting ? "Deleting..." : "Delete"}
        </button>
      </div>
    </Dialog>
  );
}
