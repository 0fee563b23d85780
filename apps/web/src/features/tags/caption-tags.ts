import {
  normalizeTag,
  TAG_CHARACTER,
  TAG_CONTINUATION,
  tagInText,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from "@flik/shared";

/**
 * A run of caption text, a `#tag` in it with the tag it stands for (as the server stores it), or an
 * `@mention` with the username it names.
 */
export type CaptionPart =
  | { text: string; tag?: undefined; mention?: undefined }
  | { text: string; tag: string; mention?: undefined }
  | { text: string; mention: string; tag?: undefined };

// The pattern of shared `tagsInCaption`, so exactly the words the server indexes become links.
const TAG_GOES_ON = new RegExp(`^${TAG_CONTINUATION}`, "u");
// A cut may fall just after a joiner that the next letter would have kept.
const TAG_AT_END = new RegExp(`#(?:${TAG_CHARACTER}${TAG_CONTINUATION}*[\u200c\u200d]?)?$`, "u");
/** A username's characters (shared USERNAME_PATTERN), after an @ that ends no word (not an e-mail address). */
const MENTION = String.raw`(?<![\p{L}\p{N}_.@])@[A-Za-z0-9._]+`;
const USERNAME_CHARACTER_AT = /[A-Za-z0-9._]/;
const MENTION_AT_END = /@[A-Za-z0-9._]*$/;

/** The username an `@word` names: a period ending it ends the sentence. Null when no username is that. */
function mentionOf(word: string): string | null {
  const username = word.slice(1).replace(/\.+$/, "");
  return username.length >= USERNAME_MIN_LENGTH && username.length <= USERNAME_MAX_LENGTH ? username : null;
}

/**
 * Splits text into plain runs, `#tag`s and `@mention`s, keeping every character (the text is shown as
 * written).
 */
export function splitCaption(text: string): CaptionPart[] {
  const parts: CaptionPart[] = [];
  let at = 0;
  const keep = (index: number, part: CaptionPart) => {
    if (index > at) parts.push({ text: text.slice(at, index) });
    parts.push(part);
    at = index + part.text.length;
  };
  for (const match of text.matchAll(new RegExp(`${tagInText().source}|${MENTION}`, "gu"))) {
    const [word] = match;
    if (word.startsWith("#")) {
      const tag = normalizeTag(word);
      if (tag !== null) keep(match.index, { text: word, tag });
    } else {
      const mention = mentionOf(word);
      if (mention !== null) keep(match.index, { text: `@${mention}`, mention });
    }
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/**
 * The first `at` characters of a caption, for a folded caption: a tag or mention the cut would halve is
 * left out whole, so "#sunset" never shows (and links) as "#sun", nor "@maya_travels" as "@maya".
 */
export function foldCaption(text: string, at: number): string {
  if (text.length <= at) return text;
  let cut = text.slice(0, at);
  if (TAG_GOES_ON.test(text.slice(at))) cut = cut.replace(TAG_AT_END, "");
  if (USERNAME_CHARACTER_AT.test(text.charAt(at))) cut = cut.replace(MENTION_AT_END, "");
  return cut.trimEnd();
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
