import { normalizeTag, TAG_CHARACTER, tagInText } from "@flik/shared";

/** A run of caption text, or a `#tag` in it with the tag it stands for (as the server stores it). */
export type CaptionPart = { text: string; tag?: undefined } | { text: string; tag: string };

// The pattern of shared `tagsInCaption`, so exactly the words the server indexes become links.
const TAG_CHARACTER_AT = new RegExp(TAG_CHARACTER, "u");
const TAG_AT_END = new RegExp(`#${TAG_CHARACTER}*$`, "u");

/** Splits text into plain runs and `#tag`s, keeping every character (the text is shown as written). */
export function splitCaption(text: string): CaptionPart[] {
  const parts: CaptionPart[] = [];
  let at = 0;
  for (const match of text.matchAll(tagInText())) {
    const tag = normalizeTag(match[0]);
    if (tag === null) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: match[0], tag });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/**
 * The first `at` characters of a caption, for a folded caption: a tag the cut would halve is left out
 * whole, so "#sunset" never shows (and links) as "#sun".
 */
export function foldCaption(text: string, at: number): string {
  if (text.length <= at) return text;
  const cut = text.slice(0, at);
  const halvesTag = TAG_CHARACTER_AT.test(text.charAt(at));
  return (halvesTag ? cut.replace(TAG_AT_END, "") : cut).trimEnd();
}

/**
 * The tags of a post's tags field, in order, once each, as written (with their `#`) and as stored. The
 * field is free text ("#sunset #sea", "sunset, sea", "#sunset#sea"): each word between spaces, commas or
 * `#` is a tag.
 */
export function tagsInField(field: string): { text: string; tag: string }[] {
  const found = new Map<string, string>();
  // Split as the server's `tagsOfPost` splits the field: "#sunset#sea" is two tags.
  for (const word of field.split(/[\s,#]+/u)) {
    const tag = normalizeTag(word);
    if (tag !== null && !found.has(tag)) found.set(tag, `#${word.replace(/^#+/, "")}`);
  }
  return [...found].map(([tag, text]) => ({ text, tag }));
}
