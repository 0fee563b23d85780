// npm run check:bytes (after npm run build): the first-load script of /login (signed out) and /post
// (signed in) against their limits (bench/lib/script-bytes.mjs, SCRIPT_LIMITS), measured from
// Chromium's network log on the built server with a fresh PGlite folder and one member with a photo
// post. Exits 1 naming the page and its bytes when one is over; no seeded database needed.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, openAsBlob, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./lib/free-port.mjs";
import { kb, overLimits, SCRIPT_LIMITS, scriptBytes } from "./lib/script-bytes.mjs";

const root = join(import.meta.dirname, "..");
const serverEntry = join(root, "apps/server/dist/main.js");
const photo = join(root, "e2e/fixtures/sunset.jpg");

for (const built of [serverEntry, join(root, "apps/web/dist/index.html")]) {
  if (!existsSync(built)) fail(`${built} is missing: run npm run build first`);
}

const dataDir = mkdtempSync(join(tmpdir(), "flik-bytes-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [serverEntry], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "inherit", "inherit"],
});
const exited = new Promise((done) => server.once("exit", done));
let result;
try {
  await waitForHealth();
  const member = await memberWithAPost();
  result = await scriptBytes(base, member);
} finally {
  server.kill("SIGTERM");
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}

if (result.skipped) fail(`cannot measure: ${result.skipped}`);
for (const [page, limit] of Object.entries(SCRIPT_LIMITS)) {
  const load = result[page];
  console.log(
    `${load.path}: ${kb(load.encodedBytes)} of script on the wire (${load.encodings.join(", ")}), ${kb(load.decodedBytes)} decoded, ${load.files} files; limit ${kb(limit)}`,
  );
}
const problems = overLimits(result);
if (problems.length > 0) fail(problems.join("\n"));
console.log("check:bytes: within the limits");

async function memberWithAPost() {
  const person = {
    fullName: "Bytes Check",
    username: "bytes_check",
    email: "bytes@example.com",
    password: "bytes-check-42",
  };
  await call("/auth/signup", { body: person });
  const { token, user } = await call("/auth/signin", {
    body: { identifier: person.username, password: person.password },
  });
  const form = new FormData();
  form.append("file", await openAsBlob(photo, { type: "image/jpeg" }), "sunset.jpg");
  form.append("upload_preset", "flik");
  const { secure_url: image } = await call("/media/image/upload", { token, form });
  await call("/posts", { token, body: { image, caption: "Golden hour at the pier" } });
  return { token, userId: user.id, username: person.username };
}

async function call(path, { token, body, form }) {
  const response = await fetch(`${base}/api${path}`, {
    method: "POST",
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body && { "content-type": "application/json" }),
    },
    body: form ?? JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function waitForHealth() {
  for (let tries = 0; tries < 600; tries++) {
    if (server.exitCode !== null) fail(`the server exited with code ${server.exitCode} before it was ready`);
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  fail("the server did not answer /api/health within 60 s");
}

function fail(message) {
  console.error(`check:bytes: ${message}`);
  process.exit(1);
}
