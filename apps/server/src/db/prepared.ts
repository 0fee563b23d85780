import { sql } from "drizzle-orm";
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
