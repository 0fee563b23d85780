import { MESSAGE_MAX_LENGTH, textLength } from "@flik/shared";

export const MESSAGE_LIMIT_TEXT = `Messages can be up to ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters.`;

/** Whether a message box holds all it may: it then takes nothing more, typed or pasted. */
export function atMessageLimit(text: string): boolean {
  // Code points never outnumber UTF-16 units: a shorter text is under the limit without counting.
  return text.length >= MESSAGE_MAX_LENGTH && textLength(text) >= MESSAGE_MAX_LENGTH;
}

/**
 * Why a full message box took no more (a long paste is cut to the limit, a key does nothing): said
 * beside the box and to screen readers, gone once the text is shorter. The box's description, kept in
 * the page while empty: a live region put in with its words is not announced by every screen reader.
 * Not a status role: the refusal that takes the box's place is the conversation's status.
 */
export function MessageLimitNotice({
  id,
  full,
  className,
}: {
  id: string;
  full: boolean;
  className: string;
}) {
  return (
    <p id={id} aria-live="polite" className={full ? className : undefined}>
      {full ? MESSAGE_LIMIT_TEXT : ""}
    </p>
  );
}
