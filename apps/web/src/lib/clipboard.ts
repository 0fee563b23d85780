/** Writes `text` to the clipboard; false where the browser refuses (no permission, insecure page). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies a link; where the clipboard is refused, shows it to be copied by hand ("Copy this link to share
 * the {what}"). Whether it was copied.
 */
export async function copyLink(url: string, what: string): Promise<boolean> {
  if (await copyText(url)) return true;
  window.alert(`Copy this link to share the ${what}:\n${url}`);
  return false;
}

interface LinkShare {
  url: string;
  /** The share sheet's title. */
  title: string;
  /** What the link is, in "Copy this link to share the {what}" where the clipboard is refused. */
  what: string;
  /** Counts the share on the server; its answer may find the thing gone. */
  count: () => Promise<void>;
  /** Whether a failed count found the thing gone for the member (then said, and taken off the screens). */
  foundGone: (error: unknown) => boolean;
  /** Says the link was copied. */
  sayCopied: () => void;
}

/**
 * The device's share sheet where there is one, else the link copied; a share that reached someone is
 * counted. The count's answer comes before "copied" is said: a thing found gone meanwhile says so instead
 * of claiming a link that opens nothing (the copy itself stays with the click that asked for it). A count
 * failing otherwise is only logged: the link went out all the same.
 */
export async function shareLink({ url, title, what, count, foundGone, sayCopied }: LinkShare): Promise<void> {
  let shared = false;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      shared = true;
    } catch (error) {
      // Closing the sheet is a choice, not a failure; anything else falls back to the clipboard.
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  if (!shared && !(await copyLink(url, what))) return;
  try {
    await count();
  } catch (error) {
    if (foundGone(error)) return;
    console.error("Counting the share failed", error);
  }
  if (!shared) sayCopied();
}
