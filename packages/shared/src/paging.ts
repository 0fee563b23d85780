import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./constants.js";
import { textSchema } from "./text.js";

/**
 * `?cursor=` of every paged list: the `nextCursor` of the page before. An empty one (`?cursor=`, as a
 * client that fills it from a first page's absent cursor sends) asks for the first page.
 */
export const cursorParam = textSchema()
  .max(200, "cursor is not valid")
  .optional()
  .transform((cursor) => cursor || undefined);

/**
 * `?limit=`: how many a page lists, from 1 to `max`, each refusal said in words. An empty one
 * (`?limit=`) is the default, as an empty cursor is the first page.
 */
export const limitParam = (max: number, byDefault: number) =>
  z.preprocess(
    (limit) => (limit === "" ? undefined : typeof limit === "string" ? decimalOrNaN(limit) : limit),
    z.coerce
      .number("limit must be a number")
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(max, `limit must be at most ${max}`)
      .default(byDefault),
  );

/**
 * A number as a person writes one ("20", "-1", "1.5", each then judged by the rules); what Number()
 * would also read ("0x10", "1e1", " 5") is no number here.
 */
function decimalOrNaN(text: string): number {
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

/** `?limit=&cursor=` of every paged list (design.md). */
export const pageQuery = z.object({
  limit: limitParam(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  cursor: cursorParam,
});
export type PageQuery = z.input<typeof pageQuery>;
