/** An address written in a message: http(s), up to the next space. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"]+/gi;
/** What ends a sentence after an address rather than the address itself ("see https://x.com."). */
const TRAILING = /[.,;:!?'")\]}]+$/;

interface MessagePart {
  /** Where the part starts in the text: its key. */
  at: number;
  text: string;
  /** The address a link goes to, for an address written in the text. */
  href?: string;
}

/** The address as a browser reads it, when it is a web one. */
function webAddress(written: string): string | null {
  try {
    const url = new URL(written);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The text cut into plain runs and the web addresses in it, in order. */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let from = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const written = match[0].replace(TRAILING, "");
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
  return (
    <span id={id}>
      {messageParts(text).map((part) =>
        part.href ? (
          <a
            key={part.at}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="rounded underline underline-offset-2 [overflow-wrap:anywhere]"
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
