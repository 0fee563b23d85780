import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, startFlikProcess } from "./flik-process.js";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's data folder: its outbox (`outbox/*.eml`, `outbox/sms-*.txt`) holds the codes it sent. */
    dataDir: string;
  }
}

/** Starts the built Flik, as `npm start` runs it, on a free port and an empty data folder. */
export default async function startFlik(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), "flik-e2e-"));
  const server = await startFlikProcess(await freePort(), dataDir);
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", dataDir);

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
