import { dirname, join } from "node:path";
import type { Plugin } from "vite";

const VIRTUAL = "\0flik:engine-io-websocket-only";

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
      if (source !== "./transports/index.js" || !importer) return null;
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
