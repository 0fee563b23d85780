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
  // The shared contract is TypeScript source, so it is bundled. So are the plain JavaScript packages the
  // server loads as it starts: one file instead of about a thousand makes a restart 0.1 s sooner
  // (issue 12). Packages with native code, WebAssembly or worker threads of their own (PGlite, argon2,
  // sharp, pino), and those loaded only when needed (pg, pg-boss, nodemailer, redis), stay in
  // node_modules.
  noExternal: [
    /^@flik\//,
    /^fastify/,
    /^@fastify\//,
    /^(socket|engine)\.io/,
    /^zod/,
    /^drizzle-orm/,
    /^(helmet|jose|lru-cache|uuid|p-limit|close-with-grace|ua-parser-js)$/,
  ],
  // ws's optional native helpers, tried and skipped when absent.
  external: ["bufferutil", "utf-8-validate"],
  // What the bundled CommonJS packages require (node:events and the like) comes from a real `require`.
  banner: {
    js: "import { createRequire as flikCreateRequire } from 'node:module'; const require = flikCreateRequire(import.meta.url);",
  },
});
