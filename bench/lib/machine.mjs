// What a result came from, so two runs are only compared knowingly: the machine, the code, the data.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus, release, totalmem } from "node:os";
import { join } from "node:path";
import { round } from "./stats.mjs";

export async function describeMachine(databaseUrl) {
  return {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGb: round(totalmem() / 2 ** 30),
    os: `${process.platform} ${release()}`,
    node: process.version,
    postgres: databaseUrl ? await postgresVersion(databaseUrl) : null,
  };
}

async function postgresVersion(databaseUrl) {
  try {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query("show server_version");
    await client.end();
    return rows[0].server_version;
  } catch (error) {
    return `unknown (${error.message})`;
  }
}

/**
 * The code measured: a snapshot folder may carry a COMMIT file (the build of an older commit kept to
 * measure "before"), otherwise it is the checkout's HEAD, marked when it has uncommitted changes.
 */
export function describeCode(serverRoot) {
  const marker = join(serverRoot, "COMMIT");
  if (existsSync(marker)) return { commit: readFileSync(marker, "utf8").trim(), root: serverRoot };
  try {
    const git = (...args) =>
      execFileSync("git", ["-C", serverRoot, ...args], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim();
    const dirty = git("status", "--porcelain", "--", "apps", "packages") !== "";
    // The server's code is apps/ and packages/: the last commit that changed them names it (the bench's
    // own commits and merges of other branches change nothing there).
    const commit = git("log", "-1", "--no-merges", "--format=%h", "--", "apps", "packages");
    return {
      commit: commit + (dirty ? "+changes" : ""),
      head: git("rev-parse", "--short", "HEAD"),
      branch: git("rev-parse", "--abbrev-ref", "HEAD"),
      root: serverRoot,
    };
  } catch {
    return { commit: "unknown", root: serverRoot };
  }
}
