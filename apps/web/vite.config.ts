import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { precompress } from "./build/precompress";

const serverOrigin = `http://localhost:${process.env.FLIK_SERVER_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": serverOrigin,
      "/media": serverOrigin,
      "/socket.io": { target: serverOrigin, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    restoreMocks: true,
    // A test may wait several times for the screen (each up to setup.ts's 10 s asyncUtilTimeout), so its
    // own limit is well above that; speed is measured in bench/, never by a timed-out test.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    unstubGlobals: true,
  },
});
