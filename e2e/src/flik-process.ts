import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..", "..");
const serverEntry = join(root, "apps", "server", "dist", "main.js");

export interface FlikProcess {
  baseUrl: string;
  /** Ends it as a deploy does (SIGTERM, a graceful shutdown) and waits until it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the built Flik, as `npm start` runs it, on `port` and the data folder `dataDir`, with `env`
 * added to its settings (an identity provider's, say).
 */
export async function startFlikProcess(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<FlikProcess> {
  for (const built of [serverEntry, join(root, "apps", "web", "dist", "index.html")]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const server = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // No AUTH_RATE_LIMIT: the journeys sign up and in far more than 10 a minute, from this machine,
      // whose calls the limits per client address leave uncounted (as a browser on it would be).
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((done) => server.once("exit", () => done()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server);
  return {
    baseUrl,
    async stop() {
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
      await exited;
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? done(address.port) : fail(new Error("no port")),
      );
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`Flik exited with code ${server.exitCode} before it was ready`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  server.kill();
  throw new Error("Flik did not answer /api/health within 30 s");
}
