import { hasVisibleText, MESSAGE_MAX_LENGTH } from "@flik/shared";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { atTextLimit, LimitNotice } from "../../../components/limit-notice";
import { limitedText } from "../../../lib/limited-text";
import { MESSAGE_LIMIT_TEXT } from "../chat-format";

interface MessageEditFormProps {
  initialText: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}

/** Inline edit (spec §4): Enter saves, Shift+Enter breaks the line, Escape cancels. */
export function MessageEditForm({ initialText, onSave, onCancel }: MessageEditFormProps) {
  const id = useId();
  const [text, setText] = useState(initialText);
  const ref = useRef<HTMLTextAreaElement>(null);
  const trimmed = text.trim();
  const full = atTextLimit(text, MESSAGE_MAX_LENGTH);

  useEffect(() => {
    const field = ref.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, []);

  function save() {
    if (!hasVisibleText(trimmed)) return;
    if (trimmed === initialText.trim()) onCancel();
    else onSave(trimmed);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      // Keeps a dialog or the search box around it from taking the same Escape.
      event.stopPropagation();
      onCancel();
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  }

  return (
    <div className="w-full max-w-md rounded-2xl border border-fuchsia-300 bg-white p-2 shadow-sm ring-4 ring-fuchsia-500/10 focus-within:border-fuchsia-600">
      <label htmlFor={id} className="sr-only">
        Edit message
      </label>
      <textarea
        ref={ref}
        id={id}
        {...limitedText(text, MESSAGE_MAX_LENGTH, setText)}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-keys ${id}-limit`}
        rows={1}
        className="field-sizing-content block max-h-40 min-h-9 w-full resize-none bg-transparent px-2 py-1.5 text-base text-zinc-900 focus:outline-none sm:text-sm"
      />
      <LimitNotice
        id={`${id}-limit`}
        text={MESSAGE_LIMIT_TEXT}
        full={full}
        className="px-2 pb-1 text-xs text-zinc-600"
      />
      <div className="flex items-center justify-between gap-2 px-1 pt-1">
        {/* Keyboard advice: out of sight on a phone's screen, still read with the box. */}
        <span id={`${id}-keys`} className="text-xs text-zinc-600 max-sm:hidden">
          Enter to save · Esc to cancel
        </span>
        <span className="ml-auto flex gap-1">
          <button
            type="button"
            onClick={onCancel}
            className="rounded-full px-3 py-1 text-xs font-semibold text-zinc-700 hover:bg-zinc-100"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={save}
            disabled={!hasVisibleText(trimmed)}
            className="bg-brand rounded-full px-3 py-1 text-xs font-semibold text-white disabled:opacity-50"
          >
            Save
          </button>
        </span>
      </div>
    </div>
  );
}
