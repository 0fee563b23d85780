import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.e2e.ts"],
    globalSetup: ["src/server.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One Chromium at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
  },
});
