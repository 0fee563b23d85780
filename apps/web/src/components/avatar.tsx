import { AVATAR_OUTPUT_SIZE } from "@flik/shared";
import { useState } from "react";
import { responsiveImage } from "../lib/responsive-image";

interface AvatarProps {
  src?: string | null;
  name: string;
  /** Size and ring width (white; none unless given); the default is the profile header's. */
  className?: string;
  /** Lists of many members (notifications) load the pictures as they scroll into view. */
  loading?: "lazy" | "eager";
}

const drawn = new Map<string, string>();

/**
 * A member's initial on the brand gradient, as an image: it scales with any size, and, being an image,
 * adds no text to the link or row it sits in.
 */
function initialPicture(initial: string): string {
  let url = drawn.get(initial);
  if (!url) {
    const letter = initial.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c026d3"/><stop offset=".5" stop-color="#e11d74"/><stop offset="1" stop-color="#d1410c"/></linearGradient></defs><rect width="100" height="100" fill="url(#g)"/><text x="50" y="50" dy=".35em" text-anchor="middle" font-family="Inter,ui-sans-serif,system-ui,sans-serif" font-size="42" font-weight="700" fill="#fff">${letter}</text></svg>`;
    url = `data:image/svg+xml,${encodeURIComponent(svg)}`;
    drawn.set(initial, url);
  }
  return url;
}

/**
 * The widest the avatar is drawn, in CSS pixels, read from its size classes (`size-8`, `md:size-36`: 4 px a
 * step), for the browser to pick the 160 px variant for a row's small picture and the whole photo for a
 * profile's header. Avatars are drawn at many sizes; their classes already say which.
 */
function drawnWidth(className: string): string {
  const steps = [...className.matchAll(/(?:^|\s|:)size-(\d+(?:\.\d+)?)(?=\s|$)/g)].map((match) =>
    Number(match[1]),
  );
  return `${steps.length ? Math.max(...steps) * 4 : 96}px`;
}

/** The first letter of a name (a whole emoji or accented letter), upper case; "?" for a blank name. */
function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? "?";
}

/**
 * The one picture of a member everywhere in the app: their photo, or, when they have none or it fails
 * to load, their initial on the brand gradient (the spec's placeholder image for a missing avatar).
 * Always decoration: the member's name is written beside it. `name` is the username, the one name every
 * screen knows, so a member has the same letter everywhere.
 */
export function Avatar({ src, name, className = "size-24 ring-4", loading }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const photo = src && src !== failedSrc ? src : null;
  const initial = initialOf(name);
  return (
    <img
      {...(photo ? avatarImage(photo, className) : { src: initialPicture(initial) })}
      alt=""
      loading={photo ? loading : undefined}
      decoding="async"
      data-avatar-initial={photo ? undefined : initial}
      onError={photo ? () => setFailedSrc(photo) : undefined}
      className={`shrink-0 rounded-full bg-zinc-200 object-cover ring-white select-none ${className}`}
    />
  );
}

function avatarImage(photo: string, className: string) {
  const image = responsiveImage(photo, "thumbnail", AVATAR_OUTPUT_SIZE);
  return "sizes" in image ? { ...image, sizes: drawnWidth(className) } : image;
}
