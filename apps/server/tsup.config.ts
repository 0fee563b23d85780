import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    main: "src/main.ts",
    // For the benchmark seed (bench/seed.mjs): the same database opening, migrations, counters,
    // password hashing and data-folder lock as the server, never a copy.
    "db/database": "src/db/database.ts",
    "db/counters": "src/db/counters.ts",
    "features/auth/password": "src/features/auth/password.ts",
    "platform/data-dir-lock": "src/platform/data-dir-lock.ts",
    "db/build-pglite-template": "src/db/build-pglite-template.ts",
  },
  format: "esm",
  target: "node20",
  platform: "node",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  // The shared contract is TypeScript source, so it is bundled; real packages stay in node_modules.
  noExternal: [/^@flik\//],
});
