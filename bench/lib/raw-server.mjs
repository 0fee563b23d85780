// The yardstick: plain node:http answering every request with one recorded Flik answer (same status,
// headers and body bytes), so a ratio to it isolates what Flik spends beyond moving those bytes.
// Usage (by the bench): node raw-server.mjs <answer.json>   prints "listening <port>" when ready.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const answer = JSON.parse(readFileSync(process.argv[2], "utf8"));
const body = Buffer.from(answer.body, "base64");
const headers = { ...answer.headers, "content-length": String(body.length) };

const server = createServer((request, response) => {
  // Drain any request body so keep-alive connections stay usable.
  request.resume();
  response.writeHead(answer.status, headers);
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, "127.0.0.1", () => console.log(`listening ${server.address().port}`));
process.on("SIGTERM", () => process.exit(0));
