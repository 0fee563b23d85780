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
    // Long-polling's module made a request object and listened to pagehide as it loaded.
    expect(full).toContain("XMLHttpRequest");
    expect(slim).not.toContain("XMLHttpRequest");
    expect(slim).not.toContain("pagehide");
    expect(slim).toContain("new WebSocket");
    expect(slim.length).toBeLessThan(full.length - 4_000);
  });

  it("fails a build in which it found no transports to swap, rather than saying nothing", async () => {
    const entry: Plugin = {
      name: "entry",
      resolveId: (id) => (id === "plain-entry" ? "\0plain-entry" : null),
      load: (id) => (id === "\0plain-entry" ? "export const nothing = 0;" : null),
    };
    await expect(
      build({
        configFile: false,
        root: import.meta.dirname,
        logLevel: "silent",
        plugins: [entry, websocketOnly()],
        build: { write: false, rolldownOptions: { input: "plain-entry" } },
      }),
    ).rejects.toThrow(/transports were not found/);
  });
});
