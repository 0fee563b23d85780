import { and, eq, lt, or, type SQL } from "drizzle-orm";
import { invalidField } from "./errors.js";
import { isUuid } from "./ids.js";

/** A `?cursor=` that no page of ours gave out. */
const invalidCursor = () => invalidField("cursor", "cursor is not valid");

/** A position in a newest-first list: the last item's time and id (ids break ties). */
export interface Cursor {
  createdAt: Date;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString("base64url");
}

/**
 * Whether a time is one our cursors carry: written back exactly as `encodeCursor` wrote it, in the years
 * PostgreSQL reads in that form (year 0 and years past 9999 are valid JavaScript dates that it refuses).
 */
function isCursorTime(time: string | undefined, createdAt: Date): boolean {
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== time) return false;
  const year = createdAt.getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** A time a cursor carried, when it is one of ours (see `isCursorTime`). */
export function cursorTime(text: unknown): Date | undefined {
  if (typeof text !== "string") return undefined;
  const time = new Date(text);
  return isCursorTime(text, time) ? time : undefined;
}

/**
 * A position in a list of another order than (time, id) (a ranking, a search): the last row's sort key,
 * as JSON. Each list reads its own key back with `decodeKeyCursor` and checks its parts.
 */
export function encodeKeyCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/**
 * The sort key a `?cursor=` of `encodeKeyCursor` carries, if its parts pass `check` (their number and
 * kinds); anything else is a 400, as for any cursor no page of ours gave out.
 */
export function decodeKeyCursor<Key>(
  value: string | undefined,
  check: (parts: unknown[]) => Key | undefined,
): Key | undefined {
  if (value === undefined) return undefined;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  const key = Array.isArray(parts) ? check(parts) : undefined;
  if (key === undefined) throw invalidCursor();
  return key;
}

/** A whole number a key cursor carried, within bounds. */
export function cursorInteger(value: unknown, min: number, max: number): number | undefined {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max
    ? (value as number)
    : undefined;
}

/** The position a `?cursor=` names; a cursor that no page of ours gave out is a 400. */
export function decodeCursor(value: string | undefined): Cursor | undefined {
  if (value === undefined) return undefined;
  const [time, id, ...rest] = Buffer.from(value, "base64url").toString("utf8").split("|");
  const createdAt = new Date(time ?? "");
  if (!isUuid(id) || rest.length > 0 || !isCursorTime(time, createdAt)) throw invalidCursor();
  return { createdAt, id };
}

type Orderable = Parameters<typeof lt>[0];

/**
 * The rows after `cursor` in a list ordered newest first by (time, id): the one paging rule of every
 * cursor-paged list. Undefined on the first page, which `and()` ignores.
 */
export function olderThan(cursor: Cursor | undefined, time: Orderable, id: Orderable): SQL | undefined {
  return cursor && or(lt(time, cursor.createdAt), and(eq(time, cursor.createdAt), lt(id, cursor.id)));
}

/**
 * The page of a list fetched with one row more than `limit` (the extra row tells whether another page
 * exists): at most `limit` rows and the cursor of the next page, or null at the end.
 */
export function pageOf<T>(
  rows: T[],
  limit: number,
  positionOf: (row: T) => Cursor,
): { rows: T[]; nextCursor: string | null } {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return { rows: pageRows, nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null };
}

/**
 * A page's answer as JSON text, made of its list already written as JSON (`listText`): the same text as
 * `JSON.stringify({ [list]: [...], nextCursor })`, for answers kept as text and made again often.
 */
export function pageText<Page extends { nextCursor: string | null }>(
  list: Exclude<keyof Page, "nextCursor"> & string,
  listText: string,
  nextCursor: string | null,
): string {
  return `{${JSON.stringify(list)}:${listText},"nextCursor":${JSON.stringify(nextCursor)}}`;
}
