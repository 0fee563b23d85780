import { imageSrcSet } from "@flik/shared";

/**
 * How wide each place draws an image, as `sizes` says it to the browser (issue 20): with the variants in
 * `srcset`, a phone downloads about the pixels it shows. Each follows its place's layout classes.
 */
export const IMAGE_SLOTS = {
  /** The feed's card: the whole column on phones, at most 540 px (feed-screen). */
  feed: "(min-width: 540px) 540px, 100vw",
  /** A post opened on its own: the whole width on phones, the media column of the dialog or screen. */
  detail: "(min-width: 768px) 60vw, 100vw",
  /** The profile's grid: 2 columns, 3 from 640 px, 4 from 1024 px, within 935 px (profile-posts). */
  profileGrid: "(min-width: 1024px) 234px, (min-width: 640px) 33vw, 50vw",
  /** Explore's and the tag's grids: 3 columns within 935 px; tall tiles are twice as high. */
  tileGrid: "(min-width: 935px) 312px, 33vw",
  /** The story archive's grid: 3 columns, 4 from 480 px, within a dialog or screen. */
  archiveGrid: "(min-width: 480px) 25vw, 33vw",
  /** The story viewer: the whole screen on phones; a 9:16 panel at most 900 px tall from 640 px. */
  story: "(min-width: 640px) 506px, 100vw",
  /** A highlight opened in its dialog (at most 448 px wide). */
  dialog: "(min-width: 640px) 448px, 100vw",
  /** A notification's thumbnail, a highlight's cover: small fixed squares. */
  thumbnail: "48px",
  cover: "80px",
} as const;

export type ImageSlot = keyof typeof IMAGE_SLOTS;

/**
 * `src`, `srcSet` and `sizes` for an image shown in `slot`: the variants of an image the built-in host
 * keeps; just `src` for another host's, which has one size. `width` is the image's own, when known.
 */
export function responsiveImage(url: string, slot: ImageSlot, width?: number | null) {
  const srcSet = imageSrcSet(url, width);
  return srcSet ? { src: url, srcSet, sizes: IMAGE_SLOTS[slot] } : { src: url };
}
