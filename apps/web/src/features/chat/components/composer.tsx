import { hasVisibleText, MESSAGE_MAX_LENGTH } from "@flik/shared";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef } from "react";
import { SendIcon } from "../../../components/icons";
import { atTextLimit, LimitNotice } from "../../../components/limit-notice";
import { limitedText } from "../../../lib/limited-text";
import { MESSAGE_LIMIT_TEXT } from "../chat-format";
import { useChatDraft } from "../state/drafts";

interface ComposerProps {
  /** Whose draft the box holds: what was typed and not sent is there again on coming back. */
  chatId: string;
  onSend: (text: string) => void;
  onTyping: () => void;
  /** Take the focus when mounted, without scrolling the page to it. */
  autoFocus?: boolean;
}

/** Spec §5: Enter sends, Shift+Enter starts a new line, and a blank message cannot be sent. */
export function Composer({ chatId, onSend, onTyping, autoFocus = false }: ComposerProps) {
  const id = useId();
  const [text, setText] = useChatDraft(chatId);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const field = fieldRef.current;
    if (!autoFocus || !field) return;
    field.focus({ preventScroll: true });
    // A draft brought back goes on from its end, its last line in sight.
    field.setSelectionRange(field.value.length, field.value.length);
    field.scrollTop = field.scrollHeight;
  }, [autoFocus]);
  const blank = !hasVisibleText(text);
  const full = atTextLimit(text, MESSAGE_MAX_LENGTH);

  function send() {
    if (blank) return;
    onSend(text.trim());
    setText("");
    fieldRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // isComposing: Enter that confirms an IME candidate is not a send.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send();
  }

  return (
    <form
      onSubmit={onSubmit}
      className="border-t border-zinc-200/80 bg-white px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-4"
    >
      <LimitNotice
        id={`${id}-limit`}
        text={MESSAGE_LIMIT_TEXT}
        full={full}
        className="mb-2 px-4 text-xs text-zinc-600"
      />
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          Message
        </label>
        <textarea
          ref={fieldRef}
          id={id}
          {...limitedText(text, MESSAGE_MAX_LENGTH, (typed) => {
            setText(typed);
            if (typed.trim()) onTyping();
          })}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-limit`}
          placeholder="Message…"
          // Hebrew or Arabic typed here runs right to left, as it will in its bubble.
          dir="auto"
          rows={1}
          enterKeyHint="send"
          className="field-sizing-content block max-h-36 min-h-11 flex-1 resize-none rounded-3xl border border-zinc-200 bg-zinc-50 px-4 py-2.5 text-base text-zinc-900 placeholder:text-zinc-500 focus:border-fuchsia-600 focus:bg-white focus:ring-4 focus:ring-fuchsia-500/15 focus:outline-none sm:text-[15px]"
        />
        <button
          type="submit"
          aria-label="Send"
          disabled={blank}
          className="bg-brand flex size-11 shrink-0 items-center justify-center rounded-full text-white shadow-md shadow-fuchsia-600/25 transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-40 disabled:shadow-none"
        >
          <SendIcon className="size-5" />
        </button>
      </div>
    </form>
  );
}
