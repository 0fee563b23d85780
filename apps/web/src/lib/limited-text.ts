import { maxLengthFor, textLength, typedText } from "@flik/shared";
import type { ChangeEvent, ClipboardEvent, FormEvent, SyntheticEvent } from "react";

type Box = HTMLInputElement | HTMLTextAreaElement;

/**
 * The `value`, `maxLength`, `onChange`, `onBeforeInput` and `onPaste` of a text box under one of the
 * shared limits (`max` characters): the browser refuses what does not fit and keeps the caret, and
 * `keep` gets what the box keeps of each edit (no NUL, never over the limit as the server counts it).
 */
export function limitedText(value: string, max: number, keep: (text: string) => void) {
  return {
    value,
    maxLength: maxLengthFor(value, max),
    onChange: (event: ChangeEvent<Box>) => keep(typedText(event.target.value, max, value)),
    // Typed or picked (an emoji picker, a keyboard's suggestion): React's beforeinput carries the text.
    onBeforeInput: (event: FormEvent<Box>) => {
      const inserted = (event as unknown as { data?: unknown }).data;
      if (typeof inserted === "string") insertWithin(event, inserted, value, max, keep);
    },
    onPaste: (event: ClipboardEvent<Box>) =>
      insertWithin(event, event.clipboardData.getData("text/plain"), value, max, keep),
  };
}

/**
 * Text put in (typed, picked or pasted) that the box's `maxLength` would cut. The browser cuts by UTF-16
 * units, so a family emoji in the last place would be left as its first person, a thumb without its skin
 * tone; and `maxLength` leaves room for what the box holds now, so a paste replacing a full box's text
 * would be cut to the room of the text it replaces (half of it, for emoji) though it fits the limit.
 * Such text is put in here instead, cut as typing is (whole characters as a reader sees them, or none),
 * with the caret after it.
 */
function insertWithin(
  event: SyntheticEvent<Box>,
  inserted: string,
  value: string,
  max: number,
  keep: (text: string) => void,
) {
  const box = event.currentTarget;
  const start = box.selectionStart ?? value.length;
  const end = box.selectionEnd ?? value.length;
  const replaced = value.slice(0, start) + inserted + value.slice(end);
  if (replaced.length <= box.maxLength) return;
  event.preventDefault();
  // A full box (or one over the limit, with text from before it) takes nothing more, as the browser
  // refuses a key there; what it holds is never cut by an edit that changed none of it.
  if (start === end && textLength(value) >= max) return;
  const next = typedText(replaced, max, value);
  if (next === value) return;
  keep(next);
  const caret = next.length - (value.length - end);
  requestAnimationFrame(() => box.setSelectionRange(caret, caret));
}
