import type { CSSProperties, SyntheticEvent } from "react";
import { thumbHashToDataURL } from "thumbhash";

/** Drawn placeholders by hash: a feed scrolled back and forth draws each once. Bounded, oldest out first. */
const drawn = new Map<string, string>();
const DRAWN_KEPT = 300;

function pictureOf(hash: string): string | null {
  const known = drawn.get(hash);
  if (known) return known;
  try {
    const bytes = Uint8Array.from(atob(hash), (char) => char.charCodeAt(0));
    const url = thumbHashToDataURL(bytes);
    if (drawn.size >= DRAWN_KEPT) drawn.delete(drawn.keys().next().value as string);
    drawn.set(hash, url);
    return url;
  } catch {
    // Not a ThumbHash: no preview, the frame's own colour shows until the photo loads.
    return null;
  }
}

/**
 * The style that paints a post's placeholder (issue 20) behind its photo, so the card has its colours at
 * once. The image's classes place it as the photo will be (`bg-cover` with `object-cover`, `bg-contain`
 * with `object-contain`, centred, not repeated), so the photo, once loaded, covers it exactly.
 */
function placeholderStyle(hash: string | null | undefined): CSSProperties {
  const picture = hash ? pictureOf(hash) : null;
  return picture ? { backgroundImage: `url("${picture}")` } : {};
}

/**
 * Props for an `<img>` that shows `hash`'s placeholder until the photo has loaded. Then the placeholder
 * goes, so it never shows through a photo's transparent parts. React leaves the cleared style alone
 * while the placeholder it renders stays the same; a new photo brings a new one.
 */
export function placeholderProps(hash: string | null | undefined) {
  if (!hash) return {};
  return {
    style: placeholderStyle(hash),
    onLoad: (event: SyntheticEvent<HTMLImageElement>) => {
      event.currentTarget.style.backgroundImage = "none";
    },
  };
}
