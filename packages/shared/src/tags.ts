// Kept apart from search.ts's schemas: the web app's feed links tags in captions, and must not load zod
// (the signed-in first load's budget) to do it.

/** The longest tag stored (without its #). */
export const TAG_MAX_LENGTH = 50;

/**
 * A tag's first character: a letter, a digit or an underscore. The migrations' SQL twin (`flik_tags_of`,
 * `[[:alnum:]_]`) only tagged, once, the posts made before tags were kept.
 */
export const TAG_CHARACTER = String.raw`[\p{L}\p{N}_]`;
const WORD_CHARACTER = String.raw`[\p{L}\p{Mn}\p{Mc}\p{N}_]`;
/**
 * A character after the first: also the mark that completes a letter (a Devanagari or Thai vowel sign,
 * an accent written apart), so #नमस्ते is one tag, not #नमस; and a zero-width joiner or non-joiner
 * between two of them, as Persian and Indic words are written (#می‌خواهم is one word). Never an
 * enclosing mark (#️⃣'s keycap) and, as normalizeTag drops them, never a variation selector.
 */
export const TAG_CONTINUATION = String.raw`(?:${WORD_CHARACTER}|[\u200c\u200d](?=${WORD_CHARACTER}))`;

/** A `#tag` in a text. A new expression each time: a global one keeps its place between uses. */
export const tagInText = (): RegExp => new RegExp(`#${TAG_CHARACTER}${TAG_CONTINUATION}*`, "gu");

/**
 * A tag as stored: without its `#`, lower case (Unicode letters with their marks, digits and
 * underscores, a joiner only between two of them after a non-Latin letter; no variation selector),
 * composed (NFC), so #Sunset and #sunset are one tag; starting with
 * a letter, digit or underscore; at most TAG_MAX_LENGTH characters as the database counts them (code
 * points, never half of one). Null when nothing of the text is a tag.
 */
export function normalizeTag(text: string): string | null {
  const tag = text
    .trim()
    .replace(/^#+/, "")
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{Mn}\p{Mc}\p{N}_\u200c\u200d]|[\ufe00-\ufe0f]/gu, "")
    .replace(/^[\p{Mn}\p{Mc}\u200c\u200d]+/u, "")
    // A joiner stays only after a letter or mark of a script written with them: after a Latin one it
    // would make #sun‍set a tag that looks like #sunset and is not.
    .replace(/(?<![\p{L}\p{M}\u200c\u200d])[\u200c\u200d]|(?<=\p{sc=Latin})[\u200c\u200d]+/gu, "")
    .replace(/([\u200c\u200d])[\u200c\u200d]+/gu, "$1");
  const kept = Array.from(tag)
    .slice(0, TAG_MAX_LENGTH)
    .join("")
    .replace(/[\u200c\u200d]$/u, "");
  return kept.length > 0 ? kept : null;
}

/** Every `#tag` in a caption, normalised, once each, in order of appearance. */
export function tagsInCaption(caption: string): string[] {
  const found = caption.match(tagInText()) ?? [];
  return [...new Set(found.map(normalizeTag).filter((tag): tag is string => tag !== null))];
}

/** At most this many tags are kept of one post (as Instagram's 30 hashtags). */
export const POST_TAGS_KEPT = 30;

/**
 * The tags a post carries: the words of its tags field (split on spaces, commas and #), then the #words
 * of its caption, normalised, once each in order of appearance, at most POST_TAGS_KEPT.
 */
export function tagsOfPost(post: { caption: string; tags: string }): string[] {
  const fromField = post.tags
    .split(/[\s,#]+/u)
    .map(normalizeTag)
    .filter((tag): tag is string => tag !== null);
  return [...new Set([...fromField, ...tagsInCaption(post.caption)])].slice(0, POST_TAGS_KEPT);
}
