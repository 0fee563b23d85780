import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import type { Database } from "../../db/database.js";
import { openTestDatabase } from "../../test/database.js";
import { buildTestApp, connect, listen, sqlLog, testConfig } from "../../test/helper.js";
import { answerHealthAtTheDoor } from "./health.door.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// Every request the framework itself handles, by URL, to tell those the door answered.
const framed: string[] = [];
const built = await buildTestApp();
built.app.addHook("onRequest", (request, _reply, done) => {
  framed.push(`${request.method} ${request.url}`);
  done();
});
const base = await listen(built);

describe("health at the door", () => {
  it("answers a healthy GET /api/health over HTTP as the route does, before the framework, without a query", async () => {
    const before = sqlLog.length;
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: built.database.engine });
    expect(response.headers.get("x-request-id")).toMatch(UUID);
    expect(sqlLog.length).toBe(before);
    expect(framed).not.toContain("GET /api/health");

    // The route's answer for the same ask, through the framework: the same body and type.
    const routed = await built.app.inject({ url: "/api/health" });
    expect(response.headers.get("content-type")).toBe(routed.headers["content-type"]);
    expect(routed.json()).toEqual({ status: "ok", database: built.database.engine });

    const second = await fetch(`${base}/api/health`);
    expect(second.headers.get("x-request-id")).not.toBe(response.headers.get("x-request-id"));
  });

  it("sends every other ask on to the framework: a query string, HEAD, the deep check, other paths", async () => {
    const query = await fetch(`${base}/api/health?probe=1`);
    expect(query.status).toBe(200);
    expect(await query.json()).toEqual({ status: "ok", database: built.database.engine });
    const head = await fetch(`${base}/api/health`, { method: "HEAD" });
    expect(head.status).toBe(200);
    const deep = await fetch(`${base}/api/health/deep`);
    expect(deep.status).toBe(200);
    const post = await fetch(`${base}/api/health`, { method: "POST" });
    expect(post.status).toBe(404);
    const unknown = await fetch(`${base}/api/nope`);
    expect(unknown.status).toBe(404);
    expect(framed).toEqual(
      expect.arrayContaining([
        "GET /api/health?probe=1",
        "HEAD /api/health",
        "GET /api/health/deep",
        "POST /api/health",
        "GET /api/nope",
      ]),
    );
  });

  it("leaves Socket.IO's requests to it", async () => {
    const socket = await connect(base, { token: "not a token" }).catch((error: Error) => error);
    // Refused by the realtime server's own check of the token, which the door would never reach.
    expect(socket).toBeInstanceOf(Error);
    expect((socket as Error).message).toBe("unauthorized");
    // Engine.IO's own refusal of a transport it does not take: the framework would have said "Not found".
    const polling = await fetch(`${base}/socket.io/?EIO=4&transport=polling`);
    expect(polling.status).toBe(400);
    expect(await polling.json()).toEqual({ code: 0, message: "Transport unknown" });
    expect(framed.some((line) => line.includes("/socket.io/"))).toBe(false);
  });

  it("sends the ask on to the route (503) once the database does not answer", async () => {
    const gone = await openTestDatabase();
    const other = await buildApp(testConfig(), { database: gone });
    try {
      await other.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = other.app.server.address() as AddressInfo;
      await gone.close();
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: "unavailable",
        message: "The database does not answer",
      });
      expect(response.headers.get("x-request-id")).toMatch(UUID);
    } finally {
      await other.app.close();
    }
  });
});

describe("the door on its own", () => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
  });

  /** A server whose only listener answers "onward", behind a door to a database that is as told. */
  async function behindTheDoor(ready: () => boolean) {
    const server = createServer((_request, response) => {
      response.writeHead(418, { "content-type": "text/plain" });
      response.end("onward");
    });
    servers.push(server);
    const database = { engine: "postgres", isReady: ready } as unknown as Database;
    const door = answerHealthAtTheDoor(server, database);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/api/health`, door };
  }

  it("answers while the database is ready, and sends the ask on while it is not", async () => {
    let ready = true;
    const { url } = await behindTheDoor(() => ready);
    const healthy = await fetch(url);
    expect(healthy.status).toBe(200);
    expect(await healthy.text()).toBe('{"status":"ok","database":"postgres"}');
    expect(healthy.headers.get("content-length")).toBe("37");
    ready = false;
    const onward = await fetch(url);
    expect(onward.status).toBe(418);
    expect(await onward.text()).toBe("onward");
  });

  it("sends every ask on once the server is closing", async () => {
    const { url, door } = await behindTheDoor(() => true);
    expect((await fetch(url)).status).toBe(200);
    door.close();
    const onward = await fetch(url);
    expect(onward.status).toBe(418);
  });
});
