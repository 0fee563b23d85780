import type { Story } from "@flik/shared";
import { useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { Dialog } from "../../../components/dialog";
import { PlusIcon } from "../../../components/icons";
import { StoryArchiveGrid } from "../../stories/components/story-archive-grid";
import { HighlightFormDialog } from "./highlight-form-dialog";

interface StoryArchiveDialogProps {
  username: string;
  onClose: () => void;
}

/**
 * The owner's story archive (issue 17, an extension): every story they shared, also once it has left
 * the strip. A chosen one goes on to the highlight form; Cancel there comes back here.
 */
export function StoryArchiveDialog({ username, onClose }: StoryArchiveDialogProps) {
  const [chosen, setChosen] = useState<Story | null>(null);
  const [adding, setAdding] = useState(false);

  if (adding && chosen) {
    return (
      <HighlightFormDialog
        username={username}
        initialStory={chosen}
        onClose={() => setAdding(false)}
        onSaved={onClose}
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
      />
      <div className="mt-5">
        <button
          type="button"
          onClick={() => setAdding(true)}
          disabled={!chosen}
          className={`${buttonStyles.primary} w-full`}
        >
          <PlusIcon className="size-4" />
          Add to highlight
        </button>
      </div>
    </Dialog>
  );
}
