import { dirname, join } from "node:path";
import type { Plugin } from "vite";

const VIRTUAL = "\0flik:engine-io-websocket-only";
/** The transports engine.io-client's index names, by the file a browser build takes for each. */
const UNUSED_TRANSPORTS = new Map([
  // The package's "browser" field swaps the Node one for the browser's.
  ["./transports/polling-xhr.node.js", "./transports/polling-xhr.js"],
  ["./transports/polling-xhr.js", "./transports/polling-xhr.js"],
  ["./transports/polling-fetch.js", "./transports/polling-fetch.js"],
  ["./transports/webtransport.js", "./transports/webtransport.js"],
]);

/**
 * The web app's socket speaks WebSocket only (`lib/socket.ts`: `transports: ["websocket"]`), yet
 * engine.io-client's table of transports pulls HTTP long-polling and WebTransport into every signed-in
 * first load (about 6 KB of script). In the build, that table is swapped for one holding WebSocket
 * alone. Giving `lib/socket.ts` another transport means taking this plugin out.
 */
export function websocketOnly(): Plugin {
  let swapped = false;
  return {
    name: "flik:websocket-only",
    apply: "build",
    enforce: "pre",
    buildStart() {
      swapped = false;
    },
    buildEnd(error) {
      // engine.io-client laid out anew: said, rather than the build quietly carrying every transport.
      if (!error && !swapped) this.error("websocket-only: engine.io-client's transports were not found");
    },
    resolveId(source, importer) {
      if (!importer) return null;
      // The package's index names every transport too; HTTP long-polling's module runs code as it loads
      // (an XMLHttpRequest made, a pagehide listener), which kept it in the build though nothing uses it.
      const unused = UNUSED_TRANSPORTS.get(source);
      if (unused && /[\\/]engine\.io-client[\\/]build[\\/]esm[\\/]index\.js$/.test(importer))
        return { id: join(dirname(importer), unused), moduleSideEffects: false };
      if (source !== "./transports/index.js") return null;
      if (!/[\\/]engine\.io-client[\\/]build[\\/]esm[\\/]socket\.js$/.test(importer)) return null;
      return { id: VIRTUAL, meta: { websocket: join(dirname(importer), "transports", "websocket.js") } };
    },
    load(id) {
      if (id !== VIRTUAL) return null;
      swapped = true;
      const websocket = this.getModuleInfo(id)?.meta.websocket as string;
      return `import { WS } from ${JSON.stringify(websocket)};\nexport const transports = { websocket: WS };\n`;
    },
  };
}
