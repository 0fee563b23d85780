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
 * A text's length as every limit here counts it (the schemas' `.max`): in characters (code points), so
 * an emoji is one, as people count them, where the DOM's `length` and `maxlength` count two.
 */
export function textLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/**
 * What a text box keeps of typed or pasted text: `withoutNul`, and at most `max` characters as the limits
 * count them. Text boxes clip with this rather than the `maxlength` attribute, which would stop at half
 * the limit in emoji.
 */
export function typedText(text: string, max: number): string {
  const kept = withoutNul(text);
  // Under `max` UTF-16 units is under `max` characters: the usual case is left alone without a walk.
  if (kept.length <= max) return kept;
  return Array.from(kept).slice(0, max).join("");
}
