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
 * units, two for an emoji: the room left (`max` less the characters held) is given twice over, so
 * whatever fits the limit fits the box, emoji or not. The browser itself then refuses a keystroke in a
 * full box, leaving the caret where it is; what is over of a paste of narrower characters is cut by
 * `typedText`, as is the half character a browser's cut may leave.
 */
export function maxLengthFor(text: string, max: number): number {
  return text.length + 2 * Math.max(0, max - textLength(text));
}

let segmenter: Intl.Segmenter | undefined;

/**
 * The characters of `text` as a reader sees them: a flag, a family or a letter with its accent is one.
 * The segmenter is made on first use, as most edits never need it.
 */
export function graphemesOf(text: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return Array.from(segmenter.segment(text), ({ segment }) => segment);
}

/**
 * The longest start of `text` made of whole characters as a reader sees them (a flag, a family, a
 * letter with its accent) that is at most `count` code points long: a cut never leaves half a family
 * or a lone regional indicator, which would show as something no one typed.
 */
export function leadingText(text: string, count: number): string {
  let kept = 0;
  let end = 0;
  for (const segment of graphemesOf(text)) {
    const length = textLength(segment);
    if (kept + length > count) break;
    kept += length;
    end += segment.length;
  }
  return text.slice(0, end);
}

/**
 * `text` without a last character the browser's `maxlength` cut in half: a joined emoji left ending in
 * its joiner (U+200D), or a flag left as one regional indicator. The browser cuts a paste by UTF-16
 * units, where a reader sees one character.
 */
function withoutHalfCharacterAtEnd(text: string): string {
  const last = graphemesOf(text).at(-1);
  const half = last !== undefined && (last.endsWith("\u200d") || /^\p{Regional_Indicator}$/u.test(last));
  return half ? text.slice(0, -last.length) : text;
}

/**
 * What a text box keeps of an edit that turned `current` into `typed`: everything but NUL, and at most
 * `max` characters as the limits count them. What is over is cut from the end of the text the edit put
 * in, wherever in the box it went, never from the text around it, and between whole characters.
 */
export function typedText(typed: string, max: number, current = ""): string {
  const next = withoutNul(typed);
  // The box reached its `maxlength` (or one short of it, where a surrogate pair did not fit): the
  // browser may have cut what was put in.
  const cutByBrowser = typed.length >= maxLengthFor(current, max) - 1;
  // Under `max` UTF-16 units is under `max` characters: the usual case is left alone without a walk.
  if (next.length <= max && !cutByBrowser) return next;
  const chars = Array.from(next);
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
  const put = chars.slice(start, chars.length - end).join("");
  const inserted = cutByBrowser ? withoutHalfCharacterAtEnd(put) : put;
  const kept = [
    chars.slice(0, start).join(""),
    leadingText(inserted, Math.max(0, max - start - end)),
    chars.slice(chars.length - end).join(""),
  ].join("");
  // A box already over the limit (text from before it) is cut at its end.
  return leadingText(kept, max);
}

/**
 * A name (a member's full name, a group's, a highlight's) without the characters that set the direction
 * of the text after them (embeddings, overrides and isolates, U+202A–U+202E and U+2066–U+2069). Shown in
 * a sentence ("Say hi to {name}.", "Leave {name}?"), one left open turns the rest of the sentence around,
 * or makes a name read as another's. Direction marks (U+200E, U+200F), which people type in names
 * mixing scripts, are kept: they set nothing beyond the characters beside them.
 */
export const withoutDirectionControls = (name: string): string =>
  name.replace(/[\u202a-\u202e\u2066-\u2069]/g, "").trim();

/**
 * A text as it is kept (a bio, a caption, a comment, a message): without control characters but its line
 * breaks and tabs, a Windows line break being one. A bell, an escape or a backspace is nothing a keyboard
 * types into a box, only a script sends, and a notification e-mail, a data download or an API client
 * would print it as it came.
 */
export const withoutControlCharacters = (text: string): string =>
  text.replace(/\r\n?/g, "\n").replace(/(?![\n\t])\p{Cc}/gu, "");

/**
 * A name as it is kept (a member's full name, a group's, a highlight's): on one line, as every screen
 * shows it (any run of white space, a line break, a tab or a wide space included, is one space), without
 * control characters, and without direction controls (`withoutDirectionControls`).
 */
export const oneLineName = (name: string): string =>
  withoutDirectionControls(withoutControlCharacters(name)).replace(/\s+/g, " ");

/**
 * Whether a text shows anything: not only spaces, invisible characters (zero-width spaces, joiners,
 * direction marks), the letters and symbols that draw as blanks (the Hangul fillers U+115F, U+1160,
 * U+3164 and U+FFA0, the blank braille pattern U+2800) and marks with no letter to sit on (a lone
 * accent, a variation selector). A comment, message or name of those alone would show as nothing, or
 * as a stray accent.
 */
export const hasVisibleText = (text: string): boolean =>
  /[^\s\p{Cf}\p{M}\u115f\u1160\u2800\u3164\uffa0]/u.test(text);
