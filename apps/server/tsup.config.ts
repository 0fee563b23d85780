import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/main.ts"],
  format: "esm",
  target: "node20",
  platform: "node",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  // The shared contract is TypeScript source, so it is bundled; real packages stay in node_modules.
  noExternal: [/^@flik\//],
});
