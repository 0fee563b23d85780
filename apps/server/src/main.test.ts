import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { lockDataDir } from "./platform/data-dir-lock.js";
import { serverRoot } from "./platform/paths.js";
import { tempDir } from "./test/temp-dir.js";

const tsx = join(serverRoot, "..", "..", "node_modules", ".bin", "tsx");

/** Runs `src/main.ts` as `npm start` would, until `until` says it has seen enough of its output. */
function runServer(env: Record<string, string>, until: (output: string) => boolean) {
  const child = spawn(tsx, [join(serverRoot, "src", "main.ts")], {
    env: { ...process.env, LOG_LEVEL: "info", HOST: "127.0.0.1", ...env },
  });
  let output = "";
  const seen = new Promise<void>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (until(output)) resolve();
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, seen, exited, output: () => output };
}

// A whole server process cold-starting PGlite takes seconds, more on a busy 2-core machine.
describe("main", { timeout: 120_000 }, () => {
  it("starts on the embedded defaults, refuses a second server on its data folder, and on SIGTERM closes cleanly and releases the folder", async () => {
    const dataDir = tempDir("main");
    const server = runServer({ DATA_DIR: dataDir, PORT: "0" }, (output) => output.includes("Flik is ready"));
    // Should an assertion fail before the SIGTERM below, the server does not outlive the test.
    onTestFinished(() => {
      server.child.kill("SIGTERM");
    });
    await server.seen;
    expect(existsSync(join(dataDir, "db"))).toBe(true);
    // The line names the address and the port it really listens on (PORT=0: one the system chose).
    const ready = /Flik is ready on (http:\/\/127\.0\.0\.1:(\d+))/.exec(server.output());
    expect(Number(ready?.[2])).toBeGreaterThan(0);
    expect((await fetch(`${ready?.[1]}/api/health`)).status).toBe(200);
    // The server's own pid (tsx runs it in a child process of its own).
    const { pid } = JSON.parse(readFileSync(join(dataDir, "server.lock"), "utf8"));
    const second = runServer({ DATA_DIR: dataDir, PORT: "0" }, () => false);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by another Flik server (pid ${pid})`);
    expect(() => lockDataDir(dataDir)).toThrow(`in use by another Flik server (pid ${pid})`);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("shutting down");
    expect(existsSync(join(dataDir, "server.lock"))).toBe(false);
  });

  it("refuses to start on a bad setting, naming it", async () => {
    const server = runServer({ DATA_DIR: tempDir("main"), PORT: "http" }, () => false);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Flik could not start: Invalid configuration:\s+PORT/);
  });
});
