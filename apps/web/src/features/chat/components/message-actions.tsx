import type { KeyboardEvent, Ref } from "react";
import { PencilIcon, TrashIcon } from "../../../components/icons";

interface MessageActionsProps {
  /** Shown for good after a tap (touch screens have no hover). */
  revealed: boolean;
  /** None where the chat takes no changed messages (a block): Delete alone, as unsending still is. */
  onEdit?: (() => void) | undefined;
  onDelete: () => void;
  /** Edit's button, which takes the focus back when the edit closes. */
  editRef: Ref<HTMLButtonElement>;
  /** The message's text, which tells a screen reader which message each button is for. */
  describedBy: string;
  /** Whether Tab reaches these buttons: one message's at a time, the arrow keys go to the others'. */
  tabbable: boolean;
  /** Arrow keys, Home and End, handled by the log. */
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  /** The buttons took the focus (a tab, a click): theirs become the log's Tab stop. */
  onFocus: () => void;
}

/** The log finds a message's buttons by these, to move the focus to them. */
export const MESSAGE_ACTION = { edit: "edit", delete: "delete" } as const;

/**
 * Edit and Delete beside the member's own bubble: on hover, on keyboard focus, or after a tap. Placed
 * outside the flow, so hidden buttons take no room and cannot be tapped by accident.
 */
export function MessageActions({
  revealed,
  onEdit,
  onDelete,
  editRef,
  describedBy,
  tabbable,
  onKeyDown,
  onFocus,
}: MessageActionsProps) {
  const shared = {
    type: "button" as const,
    "aria-describedby": describedBy,
    "aria-keyshortcuts": "ArrowUp ArrowDown Home End",
    tabIndex: tabbable ? 0 : -1,
    onKeyDown,
    onFocus,
  };
  return (
    <span
      className={`absolute top-1/2 right-full mr-1 flex -translate-y-1/2 gap-0.5 transition ${
        revealed
          ? "opacity-100"
          : "pointer-events-none opacity-0 group-focus-within:pointer-events-auto group-focus-within:opacity-100 group-hover:pointer-events-auto group-hover:opacity-100"
      }`}
    >
      {onEdit && (
        <button
          {...shared}
          ref={editRef}
          aria-label="Edit message"
          data-message-action={MESSAGE_ACTION.edit}
          onClick={onEdit}
          className="flex size-7 items-center justify-center rounded-full bg-white/80 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
        >
          <PencilIcon className="size-3.5" />
        </button>
      )}
      <button
        {...shared}
        aria-label="Delete message"
        data-message-action={MESSAGE_ACTION.delete}
        onClick={onDelete}
        className="flex size-7 items-center justify-center rounded-full bg-white/80 text-zinc-500 hover:bg-red-50 hover:text-red-600"
      >
        <TrashIcon className="size-3.5" />
      </button>
    </span>
  );
}
