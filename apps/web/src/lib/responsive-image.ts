import { imageSrcSet, type MediaSize } from "@flik/shared";

/** A whole percent of the viewport, or whole pixels, never less than what was asked (the browser then picks wide enough). */
const vw = (share: number) => `${Math.ceil(100 * share)}vw`;
const px = (width: number) => `${Math.ceil(width)}px`;

/**
 * The feed's and a post's own places, for media `zoom` times as wide as its frame (cropped at its sides
 * to fill it: a panorama in a 1.91:1 frame); 1 for media of the frame's shape.
 */
const feedSizes = (zoom: number) => `(min-width: 540px) ${px(540 * zoom)}, ${vw(zoom)}`;
// From 768 px the post's media column shows it whole (contain): no zoom there.
const detailSizes = (zoom: number) => `(min-width: 768px) 60vw, ${vw(zoom)}`;

/**
 * How wide each place draws an image, as `sizes` says it to the browser (issue 20): with the variants in
 * `srcset`, a phone downloads about the pixels it shows. Each follows its place's layout classes.
 */
export const IMAGE_SLOTS = {
  /** The feed's card: the whole column on phones, at most 540 px (feed-screen). */
  feed: feedSizes(1),
  /** A post opened on its own: the whole width on phones, the media column of the dialog or screen. */
  detail: detailSizes(1),
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

/** The places whose frame crops what it covers (the rest show media whole, or in squares of their own). */
const ZOOMED_SLOTS: Partial<Record<ImageSlot, (zoom: number) => string>> = {
  feed: feedSizes,
  detail: detailSizes,
};

/**
 * How many times its frame's width an image is drawn when it covers the frame (object-cover): one wider
 * than the frame's shape fills the frame's height and is cut at the sides, so a 6:1 panorama in a 1.91:1
 * frame is drawn 3.1 times as wide as the frame. 1 for one of the frame's shape, or taller (cut at top
 * and bottom), or of unknown size.
 */
export function coverZoom(
  image: { width?: number | null; height?: number | null },
  frame: MediaSize,
): number {
  const { width, height } = image;
  if (!width || !height) return 1;
  return Math.max(1, (width / height) * (frame.height / frame.width));
}

/**
 * `src`, `srcSet` and `sizes` for an image shown in `slot`: the variants of an image the built-in host
 * keeps; just `src` for another host's, which has one size. `width` is the image's own, when known;
 * `zoom`, how many times its frame's width it is drawn in the feed and a post's own place (`coverZoom`),
 * so that a cropped panorama comes sharp, not a frame-wide variant blown up.
 */
export function responsiveImage(url: string, slot: ImageSlot, width?: number | null, zoom = 1) {
  const srcSet = imageSrcSet(url, width);
  if (!srcSet) return { src: url };
  // Less than a percent wider is the frame's own width, give or take the rounding of its shape.
  return { src: url, srcSet, sizes: (zoom >= 1.01 && ZOOMED_SLOTS[slot]?.(zoom)) || IMAGE_SLOTS[slot] };
}
