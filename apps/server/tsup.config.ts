import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    main: "src/main.ts",
    // For the benchmark seed (bench/seed.mjs): the same database opening, migrations, counters and
    // password hashing as the server, never a copy.
    "db/database": "src/db/database.ts",
    "db/counters": "src/db/counters.ts",
    "features/auth/password": "src/features/auth/password.ts",
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
