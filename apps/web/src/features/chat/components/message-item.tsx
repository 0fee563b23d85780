import type { Message } from "@flik/shared";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { Avatar } from "../../../components/avatar";
import { fullDateTime } from "../../../lib/time-ago";
import { useFocusWhenClosed } from "../../../lib/use-focus-when-closed";
import { messageTime } from "../chat-format";
import { MessageActions } from "./message-actions";
import { MessageEditForm } from "./message-edit-form";
import { MessageText } from "./message-text";

/** Where a message sits in a run of messages from the same sender. */
export interface RunPosition {
  first: boolean;
  last: boolean;
}

interface BubbleProps {
  own: boolean;
  /** Who wrote it, for screen readers; the side of the screen says so to everyone else. */
  author: string;
  text: string;
  faded?: boolean;
  run: RunPosition;
  /** The text's id, for the buttons that act on it. */
  textId?: string;
}

/** The bubble alone: own messages on the right in the brand colours, others on the left. */
export function Bubble({ own, author, text, faded = false, run, textId }: BubbleProps) {
  const corner = own
    ? `${run.first ? "" : "rounded-tr-md"} ${run.last ? "" : "rounded-br-md"}`
    : `${run.first ? "" : "rounded-tl-md"} ${run.last ? "" : "rounded-bl-md"}`;
  return (
    <div
      className={`max-w-full rounded-3xl px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-wrap shadow-sm ${corner} ${
        own ? "bg-brand text-white" : "border border-zinc-200/80 bg-white text-zinc-900"
      } ${faded ? "opacity-60" : ""}`}
    >
      <span className="sr-only">{own ? "You" : author}: </span>
      <MessageText id={textId} text={text} />
    </div>
  );
}

interface MessageItemProps {
  message: Message;
  own: boolean;
  /** Groups show who wrote each run of messages from others. */
  showSender: boolean;
  run: RunPosition;
  seenLabel: string | null;
  editing: boolean;
  onEdit?: (() => void) | undefined;
  onCancelEdit: () => void;
  onSave: (text: string) => void;
  onDelete: () => void;
  /** Whether Tab reaches this message's Edit and Delete (one own message's at a time). */
  tabbable: boolean;
  onActionsKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onActionsFocus: () => void;
}

export function MessageItem({
  message,
  own,
  showSender,
  run,
  seenLabel,
  editing,
  onEdit,
  onCancelEdit,
  onSave,
  onDelete,
  tabbable,
  onActionsKeyDown,
  onActionsFocus,
}: MessageItemProps) {
  const [revealed, setRevealed] = useState(false);
  const textId = useId();
  // Enter, Escape, Save and Cancel close the edit with the focus in it: it goes back to Edit.
  const editRef = useRef<HTMLButtonElement>(null);
  useFocusWhenClosed(editing, () => editRef.current);
  const meta = (
    <span className={`mt-1 flex gap-1 px-1 text-[11px] text-zinc-500 ${own ? "justify-end" : ""}`}>
      <time dateTime={message.createdAt} title={fullDateTime(message.createdAt)}>
        {messageTime(message.createdAt)}
      </time>
      {message.editedAt && (
        <>
          <span aria-hidden="true">·</span>
          <span>edited</span>
        </>
      )}
      {seenLabel && (
        <>
          <span aria-hidden="true">·</span>
          <span className="font-medium text-zinc-600">{seenLabel}</span>
        </>
      )}
    </span>
  );

  return (
    <div
      className={`group flex items-end gap-2 ${own ? "justify-end pl-16" : "pr-10"} ${run.first ? "mt-3" : "mt-0.5"}`}
    >
      {showSender && (
        // Level with the bottom of the run's last bubble, not with the time line under it (mb-5).
        <span className={`w-8 shrink-0 ${run.last && !editing ? "mb-5" : ""}`}>
          {run.last && (
            <Avatar
              src={message.sender.avatar}
              name={message.sender.username}
              className="size-8 text-xs ring-0"
            />
          )}
        </span>
      )}
      <div
        className={`flex min-w-0 flex-col ${own ? "items-end" : "items-start"} ${editing ? "w-full" : ""}`}
      >
        {showSender && run.first && (
          // Cut on a narrow phone; whole in its title, and on the avatar's profile beside the run.
          <span
            title={message.sender.username}
            className="mb-0.5 max-w-full truncate px-3 text-xs font-semibold text-zinc-600"
          >
            {message.sender.username}
          </span>
        )}
        {editing ? (
          <MessageEditForm initialText={message.text} onSave={onSave} onCancel={onCancelEdit} />
        ) : own ? (
          // biome-ignore lint/a11y/noStaticElementInteractions: a tap shows the actions on touch screens; keyboard users reach them with Tab and the arrow keys
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above
          <div
            className="relative max-w-full"
            data-message-id={message._id}
            onClick={() => setRevealed((shown) => !shown)}
          >
            <Bubble own author="You" text={message.text} run={run} textId={textId} />
            <MessageActions
              revealed={revealed}
              onEdit={onEdit}
              onDelete={onDelete}
              editRef={editRef}
              describedBy={textId}
              tabbable={tabbable}
              onKeyDown={onActionsKeyDown}
              onFocus={onActionsFocus}
            />
          </div>
        ) : (
          <Bubble own={false} author={message.sender.username} text={message.text} run={run} />
        )}
        {(run.last || message.editedAt || seenLabel) && !editing && meta}
      </div>
    </div>
  );
}
