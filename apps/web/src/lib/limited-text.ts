import { maxLengthFor, typedText } from "@flik/shared";
import type { ChangeEvent, ClipboardEvent } from "react";

type Box = HTMLInputElement | HTMLTextAreaElement;

/**
 * The `value`, `maxLength`, `onChange` and `onPaste` of a text box under one of the shared limits
 * (`max` characters): the browser refuses what does not fit and keeps the caret, and `keep` gets what
 * the box keeps of each edit (no NUL, never over the limit as the server counts it).
 */
export function limitedText(value: string, max: number, keep: (text: string) => void) {
  return {
    value,
    maxLength: maxLengthFor(value, max),
    onChange: (event: ChangeEvent<Box>) => keep(typedText(event.target.value, max, value)),
    onPaste: (event: ClipboardEvent<Box>) => pasteWithin(event, value, max, keep),
  };
}

/**
 * A paste over selected text. `maxLength` leaves room for what the box holds now, counted in the
 * browser's UTF-16 units, so a paste replacing a full box's text would be cut to the room of the text
 * it replaces (half of it, for emoji) though it fits the limit. Such a paste is put in here instead, cut
 * as typing is, with the caret after it.
 */
function pasteWithin(event: ClipboardEvent<Box>, value: string, max: number, keep: (text: string) => void) {
  const box = event.currentTarget;
  const start = box.selectionStart ?? value.length;
  const end = box.selectionEnd ?? value.length;
  const pasted = event.clipboardData.getData("text/plain");
  const replaced = value.slice(0, start) + pasted + value.slice(end);
  if (start === end || replaced.length <= box.maxLength) return;
  event.preventDefault();
  const next = typedText(replaced, max, value);
  keep(next);
  const caret = next.length - (value.length - end);
  requestAnimationFrame(() => box.setSelectionRange(caret, caret));
}
