import type { Highlight } from "@flik/shared";
import { Dialog } from "../../../components/dialog";
import { PencilIcon, TrashIcon } from "../../../components/icons";
import { HighlightMedia } from "./highlight-media";

interface HighlightViewerProps {
  highlight: Highlight;
  isOwner: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}

const ownerButton =
  "inline-flex h-10 flex-1 items-center justify-center gap-2 rounded-xl text-sm font-semibold transition disabled:opacity-60";

/** Spec §2: the highlight full size, with Edit and Delete for its owner, and Close. */
export function HighlightViewer({
  highlight,
  isOwner,
  deleting,
  onEdit,
  onDelete,
  onClose,
}: HighlightViewerProps) {
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
            onClick={onDelete}
            disabled={deleting}
            className={`${ownerButton} bg-red-50 text-red-700 hover:bg-red-100`}
          >
            <TrashIcon className="size-4" />
            {deleting ? "Deleting..." : "Delete"}
          </button>
        </div>
      )}
    </Dialog>
  );
}
