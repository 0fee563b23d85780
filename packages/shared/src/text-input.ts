/*
 * What the web app's text boxes keep of what is typed or pasted. Kept apart from the schemas (text.ts):
 * the boxes are on the first screen, and importing them must not bring zod into its script.
 */

/**
 * What a text box keeps of typed or pasted text: everything but U+0000, which no one means to type
 * (pasted from a binary file or a terminal) and every request refuses, and which no one can see to remove.
 */
export const withoutNul = (text: string) => text.replaceAll("\u0000", "");

/**
 * A text's length as every limit here counts it (the schemas' `.max`): in code points, so most emoji
 * count one, as people count them, where the DOM's `length` and `maxlength` count two (a flag or a
 * family still counts several).
 */
export function textLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/**
 * The `maxlength` of a box holding `text` under a limit of `max` characters. The browser counts UTF-16
 * units, two for most emoji: the limit is widened by the extra units of what the box holds, and by one
 * while there is room, so an emoji fits as the last character too. The browser itself then refuses
 * nearly everything that does not fit (a keystroke in a full box, the end of a paste, a character
 * being composed), leaving the caret where it is; `typedText` takes care of the rest.
 */
export function maxLengthFor(text: string, max: number): number {
  const length = textLength(text);
  return max + text.length - length + (length < max ? 1 : 0);
}

/**
 * What a text box keeps of an edit that turned `current` into `typed`: everything but NUL, and at most
 * `max` characters as the limits count them. What is over is cut from the end of the text the edit put
 * in, wherever in the box it went, never from the text around it.
 */
export function typedText(typed: string, max: number, current = ""): string {
  const next = withoutNul(typed);
  // Under `max` UTF-16 units is under `max` characters: the usual case is left alone without a walk.
  if (next.length <= max) return next;
  const chars = Array.from(next);
  const excess = chars.length - max;
  if (excess <= 0) return next;
  const before = Array.from(current);
  let start = 0;
  while (start < chars.length && start < before.length && chars[start] === before[start]) start++;
  let end = 0;
  while (
    end < chars.length - start &&
    end < before.length - start &&
    chars[chars.length - 1 - end] === before[before.length - 1 - end]
  )
    end++;
  const inserted = chars.slice(start, chars.length - end);
  const kept = [
    ...chars.slice(0, start),
    ...inserted.slice(0, Math.max(0, inserted.length - excess)),
    ...chars.slice(chars.length - end),
  ];
  // A box already over the limit (text from before it) is cut at its end.
  return kept.slice(0, max).join("");
}
