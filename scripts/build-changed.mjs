// npm start's build: each part (the web app, the server) is built only when what it is built from
// differs from its last build. A part's inputs are hashed (paths and contents, plus the environment its
// build reads) and the hash is kept beside its output; the same hash and the output still there mean
// there is nothing to do. `npm run build` (--all) builds every part, and stamps it too.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { pathToFileURL } from "node:url";

const root = join(import.meta.dirname, "..");

/** What each part is built from (files or folders, from the repository root) and what it leaves. */
export const PARTS = [
  {
    name: "web",
    workspace: "apps/web",
    inputs: [
      "apps/web/src",
      "apps/web/public",
      "apps/web/build",
      "apps/web/index.html",
      "apps/web/vite.config.ts",
      "apps/web/package.json",
      "apps/web/tsconfig.json",
      "apps/web/tsconfig.node.json",
      "packages/shared/src",
      "packages/shared/package.json",
      "package-lock.json",
    ],
    // Vite puts VITE_* variables into the bundle.
    env: /^VITE_/,
    output: "apps/web/dist/index.html",
    stamp: "apps/web/dist/.build-inputs",
  },
  {
    name: "server",
    workspace: "apps/server",
    inputs: [
      "apps/server/src",
      "apps/server/drizzle",
      "apps/server/package.json",
      "apps/server/tsup.config.ts",
      "apps/server/tsconfig.json",
      "packages/shared/src",
      "packages/shared/package.json",
      "package-lock.json",
    ],
    env: null,
    output: "apps/server/dist/main.js",
    stamp: "apps/server/dist/.build-inputs",
  },
];

/** Test files are never part of a build, so changing one builds nothing. */
const isTest = (path) => /\.test\.[cm]?[jt]sx?$/.test(path);

/** Every file under `path` (a file or a folder), repository-relative with forward slashes, sorted. */
function filesOf(base, path) {
  const full = join(base, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true })
    .map((name) => join(path, String(name)))
    .filter((name) => statSync(join(base, name)).isFile())
    .map((name) => name.split(sep).join("/"));
}

/** A hash of a part's inputs: which files there are, what they hold, and the environment its build reads. */
export function fingerprint(part, { base = root, env = process.env } = {}) {
  const hash = createHash("sha256");
  const files = [...new Set(part.inputs.flatMap((path) => filesOf(base, path)))].filter(
    (path) => !isTest(path),
  );
  for (const path of files.sort()) {
    hash.update(`${path}\0`);
    hash.update(readFileSync(join(base, path)));
    hash.update("\0");
  }
  if (part.env) {
    const names = Object.keys(env)
      .filter((name) => part.env.test(name))
      .sort();
    for (const name of names) hash.update(`${name}=${env[name]}\0`);
  }
  return hash.digest("hex");
}

/** Why a part must be built, or null when its last build came from these very inputs. */
export function staleReason(part, { base = root, env = process.env } = {}) {
  if (!existsSync(join(base, part.output))) return "never built";
  const stamp = join(base, part.stamp);
  if (!existsSync(stamp)) return "built before builds were stamped";
  const last = readFileSync(stamp, "utf8").trim();
  return last === fingerprint(part, { base, env }) ? null : "sources changed since its last build";
}

/** Records that the part's output was built from the inputs whose fingerprint is `inputs`. */
export function writeStamp(part, inputs, { base = root } = {}) {
  writeFileSync(join(base, part.stamp), `${inputs}\n`);
}

function buildChanged({ all }) {
  for (const part of PARTS) {
    const reason = all ? "building everything (--all)" : staleReason(part);
    if (!reason) {
      console.log(`${part.name}: up to date`);
      continue;
    }
    // Hashed before the build, so an edit made while it runs is built next time.
    const inputs = fingerprint(part);
    console.log(all ? `${part.name}: building` : `${part.name}: ${reason}; building`);
    const run = spawnSync("npm", ["run", "build", "-w", part.workspace], { cwd: root, stdio: "inherit" });
    if (run.status !== 0) process.exit(run.status ?? 1);
    writeStamp(part, inputs);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  buildChanged({ all: process.argv.includes("--all") });
