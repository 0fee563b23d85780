// Records a Flik answer and starts a raw node:http server replaying it (see raw-server.mjs).
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnNode, stopChild } from "./children.mjs";

const script = new URL("./raw-server.mjs", import.meta.url).pathname;
// Set per connection or per response by node itself; copying them would send them twice.
const HOP_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** Fetches one call from Flik exactly as the load generator will send it: status, headers, bytes. */
export async function recordAnswer(base, call) {
  const response = await fetch(`${base}${call.path}`, { method: call.method, headers: call.headers });
  const body = Buffer.from(await response.arrayBuffer());
  const headers = {};
  for (const [name, value] of response.headers) if (!HOP_HEADERS.has(name)) headers[name] = value;
  return { status: response.status, headers, body };
}

/** Starts the replaying server on CPU 0 and resolves with its address and a stop function. */
export async function startRaw(answer) {
  const file = join(tmpdir(), `flik-bench-answer-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ ...answer, body: answer.body.toString("base64") }));
  const child = spawnNode(script, [file], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the raw node:http server exited (code ${code})`)));
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text) => {
      const match = /listening (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}
