import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { firstScreens } from "./build/first-screens.ts";
import { precompress } from "./build/precompress.ts";
import { websocketOnly } from "./build/websocket-only.ts";

// The session guard, the signed-in frame and the home feed: one chunk, loaded by every signed-in visit;
// zod (the forms' schemas) stays with the screens that have forms.
const split = firstScreens(
  import.meta.dirname,
  [
    "src/features/auth/components/require-auth.tsx",
    "src/features/layout/components/app-layout.tsx",
    "src/features/posts/screens/feed-screen.tsx",
  ],
  { leaveOut: /[\\/]node_modules[\\/]zod[\\/]/ },
);

// react-router 7's package exports resolve its development build everywhere (remix-run/react-router
// #14102), dev warnings and all; the build takes its production one, which is the same API. Only the
// bare specifier, the one the app imports: a subpath (react-router/dom) would need its own alias.
const reactRouterForProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(import.meta.resolve("react-router/package.json")).replace(
    /package\.json$/,
    "dist/production/index.mjs",
  ),
};

const serverOrigin = `http://localhost:${process.env.FLIK_SERVER_PORT ?? 3000}`;

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), websocketOnly(), split.plugin, precompress()],
  resolve: { alias: command === "build" ? [reactRouterForProduction] : [] },
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
    rolldownOptions: { output: { codeSplitting: { groups: split.groups } } },
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
}));
