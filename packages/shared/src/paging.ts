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
    (limit) => (limit === "" ? undefined : typeof limit === "string" ? writtenNumber(limit) : limit),
    z.coerce
      .number("limit must be a number")
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(max, `limit must be at most ${max}`)
      .default(byDefault),
  );

/** Larger than any page: a whole number written larger is judged as this one, which a double holds exactly. */
const BEYOND_ANY_PAGE = 2 ** 32;

/**
 * A number as a person writes one ("20", "-1", "1.5", "1.0"), judged as written, not as a double rounds
 * it: "99999999999999999999" is a whole number too large (not, rounded past 2^53, "not whole"), and
 * "1.00000000000000000001" is not a whole number (not, rounded, 1). What Number() would also read
 * ("0x10", "1e1", " 5") is no number here.
 */
function writtenNumber(text: string): number {
  const written = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!written) return Number.NaN;
  const [, minus, whole = "", fraction = ""] = written;
  const size = Math.min(Number(whole), BEYOND_ANY_PAGE);
  // A fraction that is not all zeros, however far down, keeps the number from being whole.
  const value = /[1-9]/.test(fraction) ? size + 0.5 : size;
  return minus ? -value : value;
}

/** `?limit=&cursor=` of every paged list (design.md). */
export const pageQuery = z.object({
  limit: limitParam(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  cursor: cursorParam,
});
export type PageQuery = z.input<typeof pageQuery>;
