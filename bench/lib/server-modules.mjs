// The seed uses the server's own modules (database opening and migrations, counters, password hashing,
// the data-folder lock)
// from its build, so the data is made with exactly the server's schema and parameters, never a copy.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
export const serverDist = fileURLToPath(new URL("../../apps/server/dist/", import.meta.url));

const modules = [
  "main.js",
  "db/database.js",
  "db/counters.js",
  "features/auth/password.js",
  "platform/data-dir-lock.js",
];

/** Stops with a clear message when the server has not been built (the seed runs after `npm run build`). */
export function requireServerBuild() {
  const missing = modules.filter((file) => !existsSync(`${serverDist}${file}`));
  if (missing.length > 0) {
    throw new Error(
      `The server build is missing (${missing.map((file) => `apps/server/dist/${file}`).join(", ")}). ` +
        "Run `npm run build` first, then `npm run seed` again.",
    );
  }
}

export async function loadServerModules() {
  requireServerBuild();
  const [database, counters, password, lock] = await Promise.all([
    import(`${serverDist}db/database.js`),
    import(`${serverDist}db/counters.js`),
    import(`${serverDist}features/auth/password.js`),
    import(`${serverDist}platform/data-dir-lock.js`),
  ]);
  return {
    openDatabase: database.openDatabase,
    recountCounters: counters.recountCounters,
    hashPassword: password.hashPassword,
    lockDataDir: lock.lockDataDir,
  };
}
