import { build, type Plugin, type Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { websocketOnly } from "./websocket-only";

/** Builds a module that makes a socket as `lib/socket.ts` does, and answers its code. */
async function bundleOfASocket(plugins: Plugin[]): Promise<string> {
  const entry: Plugin = {
    name: "entry",
    resolveId: (id) => (id === "socket-entry" ? "\0socket-entry" : null),
    load: (id) =>
      id === "\0socket-entry"
        ? `import { io } from "socket.io-client"; export const socket = io({ transports: ["websocket"], autoConnect: false });`
        : null,
  };
  const output = (await build({
    configFile: false,
    root: import.meta.dirname,
    logLevel: "silent",
    plugins: [entry, ...plugins],
    build: { write: false, minify: false, rolldownOptions: { input: "socket-entry" } },
  })) as Rollup.RollupOutput;
  return output.output.map((chunk) => ("code" in chunk ? chunk.code : "")).join("\n");
}

describe("websocketOnly", () => {
  it("leaves long-polling and WebTransport out of the socket's code, keeping WebSocket", async () => {
    const full = await bundleOfASocket([]);
    expect(full).toContain("xhr poll error");
    expect(full).toContain("WebTransport");

    const slim = await bundleOfASocket([websocketOnly()]);
    expect(slim).not.toContain("xhr poll error");
    expect(slim).not.toContain("new WebTransport");
    expect(slim).toContain("websocket");
    expect(slim.length).toBeLessThan(full.length - 4_000);
  });
});
