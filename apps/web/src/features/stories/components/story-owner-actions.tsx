import type { Story } from "@flik/shared";
import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EyeIcon, MoreIcon, TrashIcon } from "../../../components/icons";
import { DangerMenuItem } from "../../../components/menu-item";
import { useMenuButton } from "../../../lib/use-menu-button";
import { CONFIRM_DELETE_STORY, useDeleteStory } from "../hooks/use-delete-story";
import { StoryViewersDialog } from "./story-viewers-dialog";

interface StoryOwnerActionsProps {
  story: Story;
  /** It is the member's only story left: once it is deleted they have none. */
  last: boolean;
  /** A menu or dialog over the story: it holds still meanwhile. */
  onOverlayChange: (open: boolean) => void;
  /**
   * The story was deleted; `wasLast` says whether it was the member's only one when the deletion was
   * confirmed. Asked then, not now: the server's storyDeleted (to every tab of the owner's, this one
   * too) can come before the DELETE's answer and has shrunk the member's stories already. Answers
   * whether the viewer tells the member itself (else a toast does).
   */
  onDeleted: (wasLast: boolean) => boolean;
}

const barButton =
  "flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold text-white transition hover:bg-white/15";

/** Spec §6: the owner sees how many opened their story and who, and can delete it (after a confirmation). */
export function StoryOwnerActions({ story, last, onOverlayChange, onDeleted }: StoryOwnerActionsProps) {
  const menu = useMenuButton();
  const [viewersOpen, setViewersOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const lastWhenConfirmed = useRef(false);
  const remove = useDeleteStory(() => onDeleted(lastWhenConfirmed.current));
  const overlay = menu.open || viewersOpen || confirming;
  useEffect(() => {
    onOverlayChange(overlay);
    // Gone with a menu still open (the story was deleted elsewhere): the story must not stay held.
    return () => onOverlayChange(false);
  }, [overlay, onOverlayChange]);

  const count = story.viewersCount;
  return (
    <div className="flex items-center justify-between">
      <button type="button" onClick={() => setViewersOpen(true)} aria-haspopup="dialog" className={barButton}>
        <EyeIcon className="size-5" />
        <span className="tabular-nums">{count}</span>{" "}
        <span className="sr-only">{count === 1 ? "viewer" : "viewers"}</span>
      </button>
      <div ref={menu.rootRef} className="relative">
        <button
          ref={menu.triggerRef}
          type="button"
          aria-label="Story options"
          aria-haspopup="menu"
          aria-expanded={menu.open}
          aria-controls={menu.open ? menu.menuId : undefined}
          onClick={menu.toggle}
          className={`${barButton} w-10 justify-center px-0`}
        >
          <MoreIcon className="size-5" />
        </button>
        {menu.open && (
          <div
            id={menu.menuId}
            role="menu"
            aria-label="Story options"
            tabIndex={-1}
            onKeyDown={menu.onMenuKeyDown}
            className="motion-safe:animate-fade-in absolute right-0 bottom-full z-30 mb-1 w-44 overflow-hidden rounded-xl border border-zinc-200 bg-white py-1 text-zinc-900 shadow-xl shadow-black/30"
          >
            <DangerMenuItem itemRef={menu.itemRef(0)} close={menu.close} onSelect={() => setConfirming(true)}>
              <TrashIcon className="size-4" />
              Delete
            </DangerMenuItem>
          </div>
        )}
      </div>
      {viewersOpen && <StoryViewersDialog storyId={story._id} onClose={() => setViewersOpen(false)} />}
      {confirming && (
        <ConfirmDialog
          title="Delete story?"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onConfirm={() => {
            lastWhenConfirmed.current = last;
            remove.mutate(story._id, { onSettled: () => setConfirming(false) });
          }}
          onCancel={() => setConfirming(false)}
        >
          <p>{CONFIRM_DELETE_STORY}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
