import { tagInText, tagsInCaption } from "@flik/shared";

/**
 * What a post search's text asks for (issue 18): its `#tags`, each to be carried exactly, and the rest,
 * its words, searched for in captions, tags and locations.
 */
export function readSearchText(q: string): { tags: string[]; words: string } {
  // Composed first, as tags are stored: é typed as e and an accent apart finds #café.
  const text = q.normalize("NFC");
  return { tags: tagsInCaption(text), words: text.replace(tagInText(), " ").trim() };
}

/**
 * A lexeme as an operand of a `tsquery` written out (cast with `::tsquery`, not parsed again): quoted,
 * its quotes doubled and backslashes escaped, as tsquery's own syntax wants; `prefix` matches every word
 * starting with it (the last word of a search is often still being typed).
 */
export function tsqueryOperand(lexeme: string, prefix = false): string {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'${prefix ? ":*" : ""}`;
}

/** A search's words as the lexemes of the posts' own parser, each with the vocabulary's words close to it. */
export interface SearchWord {
  word: string;
  close: string[];
}

/**
 * The words of a plain text (letters, digits and spaces only) as the posts' parser reads them: each
 * word in lower case, as the `simple` configuration makes it, without asking the database. Null for any
 * other text (punctuation, symbols, combining marks…), which PostgreSQL reads itself (`searchWords`).
 */
export function plainWords(text: string, most: number): SearchWord[] | null {
  if (!/^[\p{L}\p{N}\s]*$/u.test(text)) return null;
  const words = [
    ...new Set(
      text
        .toLowerCase()
        .split(/\s+/u)
        .filter((word) => word !== ""),
    ),
  ];
  return words.slice(0, most).map((word) => ({ word, close: [] }));
}

/** Every word, each as a prefix: the posts that have them all. */
export function wordsQuery(words: SearchWord[]): string {
  return words.map(({ word }) => tsqueryOperand(word, true)).join(" & ");
}

/** `like` patterns of the words (search.queries `TierAsk.contains`): each word anywhere, literally. */
export function containsPatterns(words: SearchWord[]): string[] {
  return words.map(({ word }) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/**
 * Every word or a word close to it (a typo's correction): the posts found when some word was misspelt.
 * Null when no word has any close to it (nothing more would be found).
 */
export function closeWordsQuery(words: SearchWord[]): string | null {
  if (!words.some(({ close }) => close.length > 0)) return null;
  return words
    .map(({ word, close }) =>
      close.length === 0
        ? tsqueryOperand(word, true)
        : `(${[tsqueryOperand(word, true), ...close.map((term) => tsqueryOperand(term))].join(" | ")})`,
    )
    .join(" & ");
}
