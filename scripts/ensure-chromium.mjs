// Run by npm test before any suite: the e2e tests and the first-load check drive Chromium
// (CHROMIUM_PATH, default Debian's /usr/bin/chromium; Playwright never downloads one). When it is
// missing, it is installed where that is safe (Debian, as root, as .ci/run does); otherwise the tests
// stop at once with the command to run, instead of failing twenty minutes later deep in the e2e suite.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const DEFAULT_CHROMIUM = "/usr/bin/chromium";

/**
 * What to do about Chromium, from what the machine has: `ok`, `install` (Debian's package through
 * apt-get) or `stop` with the message to print. Pure, so each case is tested.
 */
export function chromiumPlan({ path, explicit, found, isRoot, isDebian, hasAptGet }) {
  if (found) return { action: "ok" };
  if (explicit)
    return {
      action: "stop",
      message: `CHROMIUM_PATH is ${path}, which is not an executable file: point it at Chromium or Chrome, or unset it to use Debian's ${DEFAULT_CHROMIUM}.`,
    };
  if (isDebian && hasAptGet && isRoot) return { action: "install" };
  const command = isDebian
    ? "sudo apt-get update && sudo apt-get install -y chromium"
    : "install Chromium or Chrome, then run: CHROMIUM_PATH=/path/to/chromium npm test";
  return {
    action: "stop",
    message: `The e2e tests need Chromium at ${path}, and it is not there. Run:\n\n  ${command}\n`,
  };
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function machine() {
  const path = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  return {
    path,
    explicit: Boolean(process.env.CHROMIUM_PATH),
    found: isExecutable(path),
    isRoot: process.getuid?.() === 0,
    isDebian: existsSync("/etc/debian_version"),
    hasAptGet: spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0,
  };
}

function ensureChromium() {
  const plan = chromiumPlan(machine());
  if (plan.action === "ok") return;
  if (plan.action === "stop") {
    console.error(`npm test: ${plan.message}`);
    process.exit(1);
  }
  console.log("npm test: installing Debian's chromium for the e2e tests (apt-get)");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "chromium"],
  ]) {
    const run = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (run.status !== 0) {
      console.error(`npm test: apt-get ${args.join(" ")} failed; install Chromium, then run npm test again.`);
      process.exit(1);
    }
  }
  if (!machine().found) {
    console.error(`npm test: apt-get installed chromium, but ${DEFAULT_CHROMIUM} is still missing.`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) ensureChromium();
