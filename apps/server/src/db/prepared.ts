import { sql } from "drizzle-orm";
import type { Cursor } from "../platform/cursor.js";
import type { Db } from "./database.js";

/**
 * A named placeholder standing in for a value of type T while a query is built once to be prepared:
 * the query builders take it wherever they take the value, and `execute` fills it in. Building a
 * statement of the feed's size costs more than the database takes to run it, so the statements every
 * request sends are built once (and PostgreSQL plans them per connection, not per request).
 */
export function placeholder<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}

/** One value per database: the prepared statements of a feature, made once for each database. */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

/** What a prepared statement answers when executed with its placeholders' values. */
interface Prepared<Row> {
  execute(values?: Record<string, unknown>): Promise<Row[]>;
}

/**
 * A paged statement prepared in its two forms (the first page and a later one differ in their SQL: a
 * later one starts past its cursor), `build` called with the cursor's placeholders for the later one.
 * Unprepared, a list's statement was planned on every request, which took PostgreSQL longer than
 * running it (issue 12: planning was three quarters of the chats' and notifications' time).
 */
export function preparedPaging<Row>(
  name: string,
  build: (cursor: Cursor | undefined) => { prepare(name: string): Prepared<Row> },
) {
  // Each form is built when first asked for: building them all would hold up the server's start.
  let first: Prepared<Row> | undefined;
  let later: Prepared<Row> | undefined;
  return (values: Record<string, unknown>, cursor: Cursor | undefined): Promise<Row[]> => {
    if (!cursor) {
      first ??= build(undefined).prepare(name);
      return first.execute(values);
    }
    later ??= build({ createdAt: placeholder("cursorAt"), id: placeholder("cursorId") }).prepare(
      `${name}_later`,
    );
    return later.execute({ ...values, cursorAt: cursor.createdAt, cursorId: cursor.id });
  };
}

/**
 * A statement asked for rows by id, prepared in its two forms: one id compared by `=` (placeholder
 * "id"), more as one array (placeholder "ids"). PostgreSQL keeps one plan for a prepared statement only
 * when that plan costs no more than the plans made for each call's values, and it prices an array
 * parameter at ten ids: asked for one id, the array form was planned anew on every call (issue 12;
 * `plan-cache.test.ts`).
 */
export function preparedByIds<Row>(
  names: { one: string; many: string },
  build: (asked: { id: string } | { ids: string[] }) => { prepare(name: string): Prepared<Row> },
) {
  // Each form is built when first asked for, as `preparedPaging`'s.
  let one: Prepared<Row> | undefined;
  let many: Prepared<Row> | undefined;
  return (ids: string[], values: Record<string, unknown>): Promise<Row[]> => {
    const [onlyId] = ids;
    if (onlyId !== undefined && ids.length === 1) {
      one ??= build({ id: placeholder("id") }).prepare(names.one);
      return one.execute({ ...values, id: onlyId });
    }
    many ??= build({ ids: placeholder("ids") }).prepare(names.many);
    return many.execute({ ...values, ids });
  };
}
