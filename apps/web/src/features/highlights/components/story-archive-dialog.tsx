import type { Story } from "@flik/shared";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { Dialog } from "../../../components/dialog";
import { PlusIcon } from "../../../components/icons";
import { UploadIcon } from "../../../components/later-icons";
import { useModalHistory } from "../../../lib/use-modal-history";
import { useStoryArchiveQuery } from "../../stories/api/stories.queries";
import { StoryArchiveGrid } from "../../stories/components/story-archive-grid";
import { HighlightFormDialog } from "./highlight-form-dialog";

interface StoryArchiveDialogProps {
  username: string;
  onClose: () => void;
}

/**
 * The owner's story archive (issue 17, an extension): every story they shared, also once it has left
 * the strip. A chosen one goes on to the highlight form, on a history entry of its own: Cancel or Back
 * there comes back here with the choice kept; a save closes both. An empty archive goes on to the form's
 * upload instead, as the form's own "From your stories" does.
 */
export function StoryArchiveDialog({ username, onClose }: StoryArchiveDialogProps) {
  const [chosen, setChosen] = useState<Story | null>(null);
  const form = useModalHistory<"add" | "upload">("archive-form");
  const archive = useStoryArchiveQuery();
  const empty = archive.isSuccess && archive.data.pages.every((page) => page.stories.length === 0);
  // Saved: the form's Back first, then the archive's own close once that Back has landed (two at once
  // are not reliably both taken by the browser).
  const location = useLocation();
  const [savedAt, setSavedAt] = useState<string | null>(null);
  useEffect(() => {
    if (savedAt !== null && location.key !== savedAt) onClose();
  }, [savedAt, location.key, onClose]);

  if (savedAt !== null) return null;
  if (form.shown === "upload" || (form.shown === "add" && chosen)) {
    return (
      <HighlightFormDialog
        username={username}
        initialStory={form.shown === "add" ? (chosen ?? undefined) : undefined}
        onClose={form.close}
        onSaved={() => {
          setSavedAt(location.key);
          form.close();
        }}
      />
    );
  }

  return (
    <Dialog title="Archive" onClose={onClose}>
      <p className="mb-4 text-sm text-zinc-600">
        Only you can see your archive. Choose a story to add it to a highlight.
      </p>
      <StoryArchiveGrid
        selectedId={chosen?._id ?? null}
        onSelect={setChosen}
        scrollClassName="max-h-[min(60dvh,34rem)]"
        emptyAction={
          <button
            type="button"
            onClick={() => form.open("upload")}
            className={`${buttonStyles.secondary} mt-5 px-4 py-2`}
          >
            <UploadIcon className="size-4" />
            Upload a file instead
          </button>
        }
      />
      {/* Nothing to choose: the empty archive's own button is the way on. */}
      {!empty && (
        <div className="mt-5">
          <button
            type="button"
            onClick={() => form.open("add")}
            disabled={!chosen}
            className={`${buttonStyles.primary} w-full`}
          >
            <PlusIcon className="size-4" />
            Add to highlight
          </button>
        </div>
      )}
    </Dialog>
  );
}
