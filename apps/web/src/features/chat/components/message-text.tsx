import { useMemo } from "react";

/**
 * An address written in a message: http(s) or www., up to the next space. A www. inside an e-mail
 * address or another address (bob@www.example.com, mail.www.example.com) is no address of its own.
 */
const ADDRESS = /\bhttps?:\/\/[^\s<>"]+|(?<![\w@./-])www\.[^\s<>"]+/gi;
/** What ends a sentence after an address rather than the address itself ("see https://x.com."). */
const CLOSING = new Set([...".,;:!?'\")]}"]);

interface MessagePart {
  /** Where the part starts in the text: its key. */
  at: number;
  text: string;
  /** The address a link goes to, for an address written in the text. */
  href?: string;
}

/** The address without the punctuation that closes the sentence after it (a loop: no regex backtracking). */
function withoutClosing(written: string): string {
  let end = written.length;
  while (end > 0 && CLOSING.has(written[end - 1] ?? "")) end -= 1;
  return written.slice(0, end);
}

/**
 * The address as a browser reads it, when it is a web one that says where it goes: one with a name or
 * password before its host (`https://bank.example@evil.example`) is left as text, as a profile's
 * website refuses it.
 */
function webAddress(written: string): string | null {
  // Written without its scheme (www.example.com), as people write addresses: a secure one, as a browser
  // would open it; only one whose host goes on past "www." (not "www.", not "www.hello").
  const bare = /^www\./i.test(written);
  try {
    const url = new URL(bare ? `https://${written}` : written);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (bare && url.hostname.split(".").filter(Boolean).length < 3) return null;
    return url.username || url.password ? null : url.href;
  } catch {
    return null;
  }
}

/** The text cut into plain runs and the web addresses in it, in order. */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let from = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const written = withoutClosing(match[0]);
    const href = webAddress(written);
    if (!href) continue;
    if (match.index > from) parts.push({ at: from, text: text.slice(from, match.index) });
    parts.push({ at: match.index, text: written, href });
    from = match.index + written.length;
  }
  if (from < text.length) parts.push({ at: from, text: text.slice(from) });
  return parts;
}

/**
 * A message's words, its web addresses links that open in a new tab, as in Instagram's chat. Nothing
 * else in a message is read as markup: the text is the member's, shown as they wrote it.
 */
export function MessageText({ text, id }: { text: string; id?: string | undefined }) {
  const parts = useMemo(() => messageParts(text), [text]);
  return (
    // Its own direction, from its first letter: Hebrew or Arabic reads right to left, its full stop at
    // its left end, in a page laid out left to right.
    <span id={id} dir="auto" className="block">
      {parts.map((part) =>
        part.href ? (
          // Left to right and isolated: a direction control earlier in the message never shows the
          // address as another one than it goes to.
          <a
            key={part.at}
            href={part.href}
            dir="ltr"
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="rounded underline underline-offset-2 [overflow-wrap:anywhere] [unicode-bidi:isolate]"
          >
            {part.text}
          </a>
        ) : (
          <span key={part.at}>{part.text}</span>
        ),
      )}
    </span>
  );
}
