import type { Highlight } from "@flik/shared";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Dialog } from "../../../components/dialog";
import { PencilIcon, TrashIcon } from "../../../components/icons";
import { CONFIRM_DELETE_HIGHLIGHT } from "../hooks/use-delete-highlight";
import { HighlightMedia } from "./highlight-media";

interface HighlightViewerProps {
  highlight: Highlight;
  isOwner: boolean;
  deleting: boolean;
  onEdit: () => void;
  /** Deletes it, once confirmed; `onSettled` when the deletion is done, whether or not it worked. */
  onDelete: (options: { onSettled: () => void }) => void;
  onClose: () => void;
}

const ownerButton =
  "inline-flex h-10 flex-1 items-center justify-center gap-2 rounded-xl text-sm font-semibold transition disabled:opacity-60";

/**
 * Spec §2: the highlight full size, with Edit and Delete for its owner, and Close. Delete asks first, in
 * the app's own dialog as a story's does (Cancel focused, the focus back on Delete when cancelled).
 */
export function HighlightViewer({
  highlight,
  isOwner,
  deleting,
  onEdit,
  onDelete,
  onClose,
}: HighlightViewerProps) {
  // Held here: Back closing the viewer takes the question with it, never leaving it to the next one.
  const [confirming, setConfirming] = useState(false);
  return (
    <Dialog title={highlight.name} onClose={onClose} size="md" dismissible={!deleting}>
      <div className="flex max-h-[68dvh] items-center justify-center overflow-hidden rounded-2xl bg-zinc-950">
        <HighlightMedia
          src={highlight.src}
          type={highlight.type}
          alt={highlight.name}
          playable
          className="max-h-[68dvh] w-full object-contain"
        />
      </div>
      {isOwner && (
        <div className="mt-4 flex gap-3">
          <button
            type="button"
            onClick={onEdit}
            disabled={deleting}
            className={`${ownerButton} bg-zinc-100 text-zinc-900 hover:bg-zinc-200`}
          >
            <PencilIcon className="size-4" />
            Edit
          </button>
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => setConfirming(true)}
            disabled={deleting}
            className={`${ownerButton} bg-red-50 text-red-700 hover:bg-red-100`}
          >
            <TrashIcon className="size-4" />
            {deleting ? "Deleting..." : "Delete"}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete highlight?"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={deleting}
          onConfirm={() => onDelete({ onSettled: () => setConfirming(false) })}
          onCancel={() => setConfirming(false)}
        >
          <p>{CONFIRM_DELETE_HIGHLIGHT}</p>
        </ConfirmDialog>
      )}
    </Dialog>
  );
}
