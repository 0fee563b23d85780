import { z } from "zod";
import { HIGHLIGHT_NAME_MAX_LENGTH } from "./constants.js";
import { knownMediaTypeOfUrl, type MediaType } from "./media.js";
import { type MediaUrlSchema, mediaUrlSchema } from "./posts.js";
import { textSchema } from "./text.js";
import { hasVisibleText, oneLineName } from "./text-input.js";

/** Highlight of spec §3. */
export interface Highlight {
  _id: string;
  name: string;
  type: MediaType;
  src: string;
}

/**
 * POST /highlights and PUT /highlights/{id}: the name is trimmed and required (spec §5); the media by
 * `mediaUrl`'s rule.
 */
const highlightFields = (mediaUrl: MediaUrlSchema) =>
  z.object({
    name: textSchema("Highlight name is required")
      // Before the length is measured: what is stripped does not count against the limit.
      .overwrite(oneLineName)
      .min(1, "Highlight name is required")
      .max(
        HIGHLIGHT_NAME_MAX_LENGTH,
        `Highlight name must be at most ${HIGHLIGHT_NAME_MAX_LENGTH} characters`,
      )
      .refine(hasVisibleText, "Highlight name is required"),
    type: z.enum(["image", "video"], "Highlight type must be image or video"),
    src: textSchema("Please upload an image or video for this highlight")
      .trim()
      .min(1, "Please upload an image or video for this highlight")
      .pipe(mediaUrl),
  });

/**
 * A type that contradicts what its file is (`image` for an .mp4) would show as a broken picture: the
 * file's extension decides where it tells, the stated type otherwise (an address without one).
 */
function typeOfItsFile<Body extends { type?: MediaType; src?: string }>(body: Body): Body {
  const known = body.src === undefined ? undefined : knownMediaTypeOfUrl(body.src);
  return known && body.type !== undefined ? { ...body, type: known } : body;
}

export const highlightBodyFor = (mediaUrl: MediaUrlSchema) =>
  highlightFields(mediaUrl).transform(typeOfItsFile);
export const highlightBody = highlightBodyFor(mediaUrlSchema);

/**
 * PUT /highlights/{id}: spec §7's fields, where the media (type and src together) may be left out to
 * keep it: a highlight renamed is not held to a media rule made after its media was chosen.
 */
export const highlightUpdateBodyFor = (mediaUrl: MediaUrlSchema) => {
  const fields = highlightFields(mediaUrl);
  return fields
    .extend({
      // null is how JSON leaves a value out (spec §10): the media kept, as when neither is sent.
      type: fields.shape.type.nullish().transform((type) => type ?? undefined),
      src: fields.shape.src.nullish().transform((src) => src ?? undefined),
    })
    .refine((body) => (body.type === undefined) === (body.src === undefined), {
      message: "Send the highlight's type and src together",
      path: ["src"],
    })
    .transform(typeOfItsFile);
};
export const highlightUpdateBody = highlightUpdateBodyFor(mediaUrlSchema);
export type HighlightUpdateBody = z.input<typeof highlightUpdateBody>;
export type HighlightBody = z.input<typeof highlightBody>;
