import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * PostgreSQL's own page cache inside PGlite. Each start sets up all of it in WebAssembly memory, about
 * 3 ms per MB on this machine kind: PostgreSQL's default of 128 MB took 0.4 s of a restart's 1.3 s in
 * PGlite (issue 12: restart ≤ 1 s). A page it does not hold is read from the data folder, which the
 * operating system's cache holds.
 */
const SHARED_BUFFERS = "16MB";

/**
 * PGlite runs PostgreSQL in the server's own thread, so whatever it does synchronously stalls every
 * request and socket. By default PostgreSQL fills each new 16 MB WAL segment with zeros before using it
 * (30 to 220 ms on this machine's disk, measured), which a chatty community reaches every few thousand
 * messages. The zeros only reserve disk space ahead of time; without them PostgreSQL writes the
 * segment's last byte and the file has its size all the same (wal_init_zero in PostgreSQL's manual).
 */
export const pgliteOptions: PGliteOptions = {
  startParams: [
    ...PGlite.defaultStartParams,
    "-c",
    "wal_init_zero=off",
    "-c",
    `shared_buffers=${SHARED_BUFFERS}`,
  ],
  // Trigram matching for typo-tolerant search (migration 0016 creates the extension in the database;
  // PGlite has to load its code).
  extensions: { pg_trgm },
};
