import { setFlagsFromString } from "node:v8";
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
const pgliteOptions: PGliteOptions = {
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

/**
 * V8 runs PGlite's WebAssembly (PostgreSQL) on quickly made baseline code and recompiles a function
 * with its optimizing compiler once about 1.8 MB of its code has run. Opening a database and running
 * the first statements takes PostgreSQL's busiest functions past that, and recompiling them took 0.2 to
 * 0.35 s of a restart's 0.9 to 1 s on this machine kind (issue 12: restart ≤ 1 s). A hundred times that
 * budget leaves starting to the baseline code; the functions requests keep running still cross it,
 * and after 10 to 15 s of steady queries they run as fast as with V8's default (bench/HISTORY.md,
 * "The embedded database starts on baseline code"). Process-wide: the only other WebAssembly here is the
 * HTTP parser of Node's `fetch`, used for an SMS webhook and sign-in providers, not on a hot path.
 */
export const WASM_TIERING_BUDGET = 180_000_000;

/** A PGlite with Flik's settings, in `folder`, or in memory when there is none. */
export function createPglite(folder?: string, options: PGliteOptions = {}): PGlite {
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  return new PGlite({ ...pgliteOptions, ...options, dataDir: folder });
}
