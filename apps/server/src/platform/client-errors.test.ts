import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { buildTestApp, listen } from "../test/helper.js";

const built = await buildTestApp();
const baseUrl = await listen(built);
const { port } = new URL(baseUrl);

/** Sends raw bytes and reads the whole answer, as a client Node's HTTP parser refuses would. */
function sendRaw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("requests Node's HTTP parser refuses", () => {
  it("answers headers too large with 431 and the API's {message}", async () => {
    const response = await fetch(`${baseUrl}/api/user`, {
      headers: { authorization: `Bearer ${"a".repeat(20_000)}` },
    });
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({ message: "The request's headers are too large." });
  });

  it("answers bytes that are not HTTP with 400 and the API's {message}", async () => {
    const answer = await sendRaw("HELLO THERE\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.split("\r\n\r\n")[1] ?? "")).toEqual({
      message: "The request is not valid HTTP.",
    });
  });
});
