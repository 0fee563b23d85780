// A Flik server of our own on the demo's data folder, and a small client for its HTTP API: the demo
// community is made through the same calls (and the same media upload) as the web app makes.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { serverDist } from "../server-modules.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts apps/server/dist/main.js on the folder, with rate limits high enough for a scripted community. */
export async function startServer({ dataDir, databaseUrl }) {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: "100000",
    MESSAGE_RATE_LIMIT: "100000",
    LOG_LEVEL: "warn",
    LOG_FORMAT: "json",
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [`${serverDist}main.js`], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", resolve));

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`The Flik server did not start:\n${output.trim()}`);
    }
    await sleep(100);
  }
  return {
    base,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Calls the API as one member (or as nobody before sign-in); a refusal throws with the server's message. */
export function apiClient(base, token) {
  async function call(method, path, body) {
    const init = { method, headers: {} };
    if (token) init.headers.authorization = `Bearer ${token}`;
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.headers["content-type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(`${base}${path}`, init);
    const text = await response.text();
    const answer = text ? JSON.parse(text) : {};
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.message ?? text}`);
    return answer;
  }
  return {
    get: (path) => call("GET", path),
    post: (path, body) => call("POST", path, body),
    put: (path, body) => call("PUT", path, body),
    as: (memberToken) => apiClient(base, memberToken),

    /** The media host protocol, as the web app's uploadMedia sends it: multipart `file` + `upload_preset`. */
    upload(kind, bytes, { name, type }) {
      const form = new FormData();
      form.append("file", new Blob([bytes], { type }), name);
      form.append("upload_preset", process.env.MEDIA_UPLOAD_PRESET || "flik");
      return call("POST", `/api/media/${kind}/upload`, form);
    },
  };
}
