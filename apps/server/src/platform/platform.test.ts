import { readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { join } from "node:path";
import Fastify from "fastify";
import { describe, expect, it, vi } from "vitest";
import { describeLocation } from "../features/sessions/client-info.js";
import { tempDir } from "../test/temp-dir.js";
import { createAdmission, createWorkQueue } from "./admission.js";
import { createBatcher } from "./batcher.js";
import { ConfigError, loadConfig } from "./config.js";
import { pageText } from "./cursor.js";
import { lockDataDir } from "./data-dir-lock.js";
import { HttpError, handleError, serviceUnavailable } from "./errors.js";
import { createRateWindow } from "./rate-window.js";

const freshDir = () => tempDir("data");

describe("loadConfig", () => {
  it("has defaults that need no set-up, and keeps a generated JWT secret in DATA_DIR", () => {
    const dataDir = freshDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 3000, host: "localhost", dataDir, databaseUrl: undefined });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, "jwt-secret"), "utf8")).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
  });

  it.each([
    ["PORT", "http"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/flik"],
    ["REDIS_URL", "localhost:6379"],
    ["JWT_SECRET", "short"],
    ["LOG_LEVEL", "loud"],
    ["TRUST_PROXY", "maybe"],
    ["MEDIA_MAX_PIXELS", "0"],
    ["MEDIA_MAX_PIXELS", "50MP"],
    ["MEDIA_IMAGE_DECODES", "0"],
    ["MEDIA_IMAGE_QUEUE", "-1"],
    ["OIDC_ISSUER", "not a url"],
    ["OIDC_ISSUER", "ftp://id.example.com"],
    ["MEDIA_ORIGINS", "res.cloudinary.com"],
    ["MEDIA_ORIGINS", "https://user:secret@res.cloudinary.com"],
    ["MEDIA_ORIGINS", "https://res.cloudinary.com/?cloud=flik"],
    ["MEDIA_ORIGINS", "https://res.cloudinary.com,ftp://files.example"],
  ])("stops on a bad %s with a message naming it", (name, value) => {
    expect(() => loadConfig({ DATA_DIR: freshDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: freshDir(), [name]: value })).toThrow(name);
  });

  it("bounds image decoding by default: 50 MP, 2 at a time, 4 waiting", () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).media).toMatchObject({
      maxPixels: 50_000_000,
      imageDecodes: 2,
      imageQueue: 4,
    });
  });

  it("takes media from any host unless MEDIA_ORIGINS names them (issue 20)", () => {
    const media = (value?: string) =>
      loadConfig({ DATA_DIR: freshDir(), ...(value === undefined ? {} : { MEDIA_ORIGINS: value }) }).media;
    expect(media().otherOrigins).toBe("any");
    expect(media("none").otherOrigins).toEqual([]);
    expect(
      media(" https://RES.cloudinary.com:443 , https://cdn.example.com:8443/flik, https://x.example/a/")
        .otherOrigins,
    ).toEqual(["https://res.cloudinary.com/", "https://cdn.example.com:8443/flik/", "https://x.example/a/"]);
  });

  it("gives PUBLIC_URL and MEDIA_PUBLIC_BASE as the URL parser writes them, without a trailing slash", () => {
    // Media URLs are made of them and compared with what browsers and the URL parser write.
    const config = loadConfig({
      DATA_DIR: freshDir(),
      PUBLIC_URL: "https://Flik.Example:443/",
      MEDIA_PUBLIC_BASE: "https://CDN.flik.example/Assets/",
    });
    expect(config.publicUrl).toBe("https://flik.example");
    expect(config.media.publicBase).toBe("https://cdn.flik.example/Assets");
  });

  it("keeps image decodes below libuv's worker threads, which file reads and writes need too", () => {
    const settings = { DATA_DIR: freshDir(), MEDIA_IMAGE_DECODES: "4" };
    expect(() => loadConfig(settings)).toThrow(/MEDIA_IMAGE_DECODES: must be less than UV_THREADPOOL_SIZE/);
    expect(loadConfig({ ...settings, UV_THREADPOOL_SIZE: "8" }).media.imageDecodes).toBe(4);
  });
});

describe("loadConfig: external sign-in (OIDC_*)", () => {
  it("is off without OIDC_ISSUER and OIDC_CLIENT_ID", () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).oidc).toBeNull();
  });

  it("reads the provider, naming the button after a known host, else SSO, unless OIDC_NAME says", () => {
    const base = { DATA_DIR: freshDir(), OIDC_CLIENT_ID: "flik-web" };
    expect(loadConfig({ ...base, OIDC_ISSUER: "https://flik.eu.auth0.com/" }).oidc).toEqual({
      issuer: "https://flik.eu.auth0.com/",
      clientId: "flik-web",
      audience: null,
      name: "Auth0",
    });
    const keycloak = { ...base, OIDC_ISSUER: "https://id.example.com/realms/flik" };
    expect(loadConfig(keycloak).oidc?.name).toBe("SSO");
    expect(
      loadConfig({ ...keycloak, OIDC_NAME: "Example ID", OIDC_AUDIENCE: "https://api.example.com" }).oidc,
    ).toMatchObject({ name: "Example ID", audience: "https://api.example.com" });
  });

  it.each([
    [{ OIDC_ISSUER: "https://id.example.com" }, "OIDC_CLIENT_ID"],
    [{ OIDC_CLIENT_ID: "flik-web" }, "OIDC_ISSUER"],
    [{ OIDC_NAME: "Example ID" }, "OIDC_ISSUER"],
  ])("stops when %o lacks %s", (settings, missing) => {
    expect(() => loadConfig({ DATA_DIR: freshDir(), ...settings })).toThrow(
      new RegExp(`${missing}: is needed`),
    );
  });
});

describe("lockDataDir", () => {
  const lockFile = (dataDir: string) => join(dataDir, "server.lock");
  const holderOf = (dataDir: string) => JSON.parse(readFileSync(lockFile(dataDir), "utf8"));
  /** The start time of a running process, as /proc tells it (field 22 of its stat line). */
  const startTimeOf = (pid: number) => {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  };

  it("records the pid, boot and start time of the server holding it", () => {
    const dataDir = freshDir();
    const unlock = lockDataDir(dataDir);
    expect(holderOf(dataDir)).toEqual({
      pid: process.pid,
      bootId: readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim(),
      startTime: startTimeOf(process.pid),
    });
    unlock();
  });

  it("refuses a lock whose very process still runs", () => {
    const dataDir = freshDir();
    const bootId = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    const running = { pid: process.ppid, bootId, startTime: startTimeOf(process.ppid) };
    writeFileSync(lockFile(dataDir), JSON.stringify(running));
    expect(() => lockDataDir(dataDir)).toThrow(`in use by another Flik server (pid ${process.ppid})`);
  });

  it("refuses a lock of a bare pid that runs (as servers before the identity check wrote it)", () => {
    const dataDir = freshDir();
    writeFileSync(lockFile(dataDir), String(process.ppid));
    expect(() => lockDataDir(dataDir)).toThrow(/in use by another Flik server/);
  });

  it("takes over a lock left by a process that is gone, and releases it", () => {
    const dataDir = freshDir();
    writeFileSync(lockFile(dataDir), "99999999");
    const unlock = lockDataDir(dataDir);
    expect(holderOf(dataDir).pid).toBe(process.pid);
    unlock();
    expect(() => readFileSync(lockFile(dataDir))).toThrow();
  });

  it("takes over a lock whose pid now belongs to an unrelated process that started later", () => {
    // As a crashed server's lock looks once its pid is reused: the test runner's parent has the pid now.
    const dataDir = freshDir();
    const bootId = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    const crashed = { pid: process.ppid, bootId, startTime: String(Number(startTimeOf(process.ppid)) - 1) };
    writeFileSync(lockFile(dataDir), JSON.stringify(crashed));
    const unlock = lockDataDir(dataDir);
    expect(holderOf(dataDir).pid).toBe(process.pid);
    unlock();
  });

  it("takes over a lock written before the host restarted, whose pid a live process has now", () => {
    const dataDir = freshDir();
    const before = { pid: process.ppid, bootId: "another boot", startTime: startTimeOf(process.ppid) };
    writeFileSync(lockFile(dataDir), JSON.stringify(before));
    const unlock = lockDataDir(dataDir);
    expect(holderOf(dataDir).pid).toBe(process.pid);
    unlock();
  });

  it("removes only its own lock on release, not one another server took over", () => {
    const dataDir = freshDir();
    const unlock = lockDataDir(dataDir);
    writeFileSync(lockFile(dataDir), String(process.ppid));
    unlock();
    expect(readFileSync(lockFile(dataDir), "utf8")).toBe(String(process.ppid));
  });
});

describe("handleError", () => {
  /** A bare app with our error handler and one route throwing `error`, and every line it logs. */
  async function throwing(error: unknown) {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
    const app = Fastify({ logger: { level: "info", stream } });
    app.setErrorHandler(handleError);
    app.get("/boom", async () => {
      throw error;
    });
    const response = await app.inject({ url: "/boom?x=1" });
    await app.close();
    return { response, lines };
  }
  const failed = (lines: Record<string, unknown>[]) => lines.filter((line) => line.msg === "request failed");

  it("keeps the 4xx of a plugin's refusal, with its message", async () => {
    const refusal = Object.assign(new Error("Request body is too large"), { statusCode: 413, code: "FST_X" });
    const { response, lines } = await throwing(refusal);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "Request body is too large" });
    expect(failed(lines)).toEqual([]);
  });

  it("answers our own HttpError as it is, a 503 too", async () => {
    const { response } = await throwing(new HttpError(503, "Flik is busy right now."));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: "Flik is busy right now." });
  });

  it("sends the headers of an HttpError: Retry-After on a 503", async () => {
    const { response } = await throwing(serviceUnavailable("Flik is busy right now.", 5));
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json()).toEqual({ message: "Flik is busy right now." });
  });

  it("answers a 503 caused by a service away in its own words, and logs the service's error", async () => {
    const away = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9000"), { code: "ECONNREFUSED" });
    const { response, lines } = await throwing(serviceUnavailable("Media storage is away.", 30, away));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: "Media storage is away." });
    expect(lines.filter((line) => line.msg === "request failed under it")).toEqual([
      expect.objectContaining({
        level: 50,
        url: "/boom?x=1",
        err: expect.objectContaining({ message: expect.stringContaining("ECONNREFUSED") }),
      }),
    ]);
  });

  it.each([
    ["an error without a status", new TypeError("cannot read properties of undefined")],
    ["an error with a status that is not an error's", Object.assign(new Error("odd"), { statusCode: 200 })],
    ["something thrown that is not an error", "a string"],
  ])("answers %s with a 500 that says nothing of it, and logs it with the request", async (_case, error) => {
    const { response, lines } = await throwing(error);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: "Something went wrong on our side. Please try again." });
    expect(failed(lines)).toEqual([
      expect.objectContaining({
        level: 50,
        method: "GET",
        url: "/boom?x=1",
        route: "/boom",
        err: expect.anything(),
      }),
    ]);
  });

  it("logs a body the client stopped sending (an upload cancelled) as abandoned, not as a failure", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
    const app = Fastify({ logger: { level: "info", stream } });
    app.setErrorHandler(handleError);
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
    let reading = () => {};
    const readingStarted = new Promise<void>((resolve) => (reading = resolve));
    app.post("/upload", async (request) => {
      reading();
      for await (const _chunk of request.raw);
      return { ok: true };
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const client = connect(port, "127.0.0.1");
    client.write(
      "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: video/mp4\r\nContent-Length: 100000\r\n\r\npart of it",
    );
    await readingStarted;
    client.destroy();
    await vi.waitFor(
      () => expect(lines.some((line) => line.msg === "request abandoned by the client")).toBe(true),
      {
        timeout: 30_000,
      },
    );
    await app.close();
    expect(failed(lines)).toEqual([]);
    expect(lines.find((line) => line.msg === "request abandoned by the client")).toMatchObject({
      level: 30,
      method: "POST",
      url: "/upload",
    });
  });
});

describe("describeLocation", () => {
  it.each([
    ["127.0.0.1", "This computer"],
    ["::1", "This computer"],
    ["::ffff:192.168.1.20", "Local network"],
    ["10.1.2.3", "Local network"],
    ["203.0.113.77", "Internet (203.0.113.x)"],
    ["2001:db8:85a3::8a2e:370:7334", "Internet (2001:db8:85a3::)"],
  ])("labels %s as %s", (ip, label) => {
    expect(describeLocation(ip)).toBe(label);
  });
});

describe("createRateWindow", () => {
  it("allows the limit per key and minute, then refuses until the minute is over", () => {
    let now = 0;
    const window = createRateWindow(2, { now: () => now });
    expect([window.take("a"), window.take("a"), window.take("a"), window.take("b")]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    now = 59_999;
    expect(window.take("a")).toBe(false);
    now = 60_000;
    expect(window.take("a")).toBe(true);
  });

  it("counts in windows of the length it is given", () => {
    let now = 0;
    const window = createRateWindow(1, { windowMs: 10_000, now: () => now });
    expect([window.take("a"), window.take("a")]).toEqual([true, false]);
    now = 10_000;
    expect(window.take("a")).toBe(true);
  });
});

describe("createAdmission", () => {
  it("runs up to its limit at once and refuses the next at once, until one finishes", async () => {
    const admission = createAdmission(2);
    const busy = () => new Error("busy");
    const gates: (() => void)[] = [];
    const held = () => new Promise<string>((resolve) => gates.push(() => resolve("done")));
    const first = admission.run(held, busy);
    const second = admission.run(held, busy);
    await expect(admission.run(held, busy)).rejects.toThrow("busy");
    expect(admission.running).toBe(2);
    gates[0]?.();
    await expect(first).resolves.toBe("done");
    const third = admission.run(async () => "after", busy);
    await expect(third).resolves.toBe("after");
    gates[1]?.();
    await expect(second).resolves.toBe("done");
    expect(admission.running).toBe(0);
  });

  it("frees its place when a task fails", async () => {
    const admission = createAdmission(1);
    await expect(admission.run(() => Promise.reject(new Error("boom")), Error)).rejects.toThrow("boom");
    await expect(admission.run(async () => 1, Error)).resolves.toBe(1);
  });
});

describe("createWorkQueue", () => {
  /** A task that runs until the test lets it finish. */
  function heldTasks() {
    const gates: (() => void)[] = [];
    const started: number[] = [];
    const task = (id: number) => () =>
      new Promise<number>((resolve) => {
        started.push(id);
        gates.push(() => resolve(id));
      });
    return { task, started, finish: (index: number) => gates[index]?.() };
  }
  const busy = () => new Error("busy");
  const eventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  it("runs up to its limit, lets the next ones wait in order, and refuses past the queue at once", async () => {
    const queue = createWorkQueue({ running: 2, waiting: 1 });
    const { task, started, finish } = heldTasks();
    const [first, second, third] = [1, 2, 3].map((id) => queue.run(task(id), busy));
    await expect(queue.run(task(4), busy)).rejects.toThrow("busy");
    await eventLoopTurn();
    expect(started).toEqual([1, 2]);
    expect([queue.running, queue.waiting]).toEqual([2, 1]);

    finish(0);
    await expect(first).resolves.toBe(1);
    await eventLoopTurn();
    expect(started).toEqual([1, 2, 3]);
    const fifth = queue.run(task(5), busy); // room in the queue again
    finish(1);
    finish(2);
    await expect(Promise.all([second, third])).resolves.toEqual([2, 3]);
    await eventLoopTurn();
    finish(3);
    await expect(fifth).resolves.toBe(5);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it("frees its place when a task fails", async () => {
    const queue = createWorkQueue({ running: 1, waiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error("boom")), busy)).rejects.toThrow("boom");
    await expect(queue.run(async () => 1, busy)).resolves.toBe(1);
  });
});

describe("createBatcher", () => {
  /** A store that holds each batch until the test answers it. */
  function heldStore() {
    const calls: { items: number[]; answer: (outcomes?: PromiseSettledResult<number>[]) => void }[] = [];
    let wake: (() => void) | undefined;
    const store = (items: number[]) =>
      new Promise<PromiseSettledResult<number>[]>((resolve) => {
        const doubled = items.map((item) => ({ status: "fulfilled" as const, value: item * 2 }));
        calls.push({ items, answer: (outcomes = doubled) => resolve(outcomes) });
        wake?.();
      });
    /** The next batch the store is given. */
    async function nextCall(index: number) {
      while (calls.length <= index) await new Promise<void>((resolve) => (wake = resolve));
      return calls[index] as (typeof calls)[number];
    }
    return { calls, store, nextCall };
  }
  const eventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  it("stores items added together as one batch, and those added meanwhile as the next", async () => {
    const { calls, store, nextCall } = heldStore();
    const batcher = createBatcher({ maxSize: 10, store });
    const first = [1, 2, 3].map((item) => batcher.add(item));
    const batch = await nextCall(0);
    expect(batch.items).toEqual([1, 2, 3]);
    const later = [4, 5].map((item) => batcher.add(item));
    await eventLoopTurn();
    await eventLoopTurn();
    expect(calls).toHaveLength(1); // one batch at a time
    expect(batcher.waiting).toBe(2);
    batch.answer();
    await expect(Promise.all(first)).resolves.toEqual([2, 4, 6]);
    const next = await nextCall(1);
    expect(next.items).toEqual([4, 5]);
    next.answer();
    await expect(Promise.all(later)).resolves.toEqual([8, 10]);
  });

  it("carries at most maxSize items a batch", async () => {
    const { store, nextCall } = heldStore();
    const batcher = createBatcher({ maxSize: 2, store });
    const all = [1, 2, 3, 4, 5].map((item) => batcher.add(item));
    const sizes: number[][] = [];
    for (let i = 0; i < 3; i++) {
      const call = await nextCall(i);
      sizes.push(call.items);
      call.answer();
    }
    expect(sizes).toEqual([[1, 2], [3, 4], [5]]);
    await expect(Promise.all(all)).resolves.toEqual([2, 4, 6, 8, 10]);
  });

  it("fails an item alone with its own error, and every item when the batch fails", async () => {
    const { store, nextCall } = heldStore();
    const batcher = createBatcher({ maxSize: 10, store });
    const [good, bad] = [batcher.add(1), batcher.add(2)];
    (await nextCall(0)).answer([
      { status: "fulfilled", value: 1 },
      { status: "rejected", reason: new Error("not this one") },
    ]);
    await expect(good).resolves.toBe(1);
    await expect(bad).rejects.toThrow("not this one");

    const failing = createBatcher<number, number>({
      maxSize: 10,
      store: () => Promise.reject(new Error("connection lost")),
    });
    const results = await Promise.allSettled([failing.add(1), failing.add(2)]);
    expect(results.map((result) => result.status === "rejected" && String(result.reason))).toEqual([
      "Error: connection lost",
      "Error: connection lost",
    ]);
    // It keeps working after a failed batch.
    const after = batcher.add(3);
    (await nextCall(1)).answer();
    await expect(after).resolves.toBe(6);
  });
});

describe("a page's answer as JSON text (pageText)", () => {
  it("is the text JSON.stringify writes for the page, with or without a next cursor", () => {
    const posts = [
      { _id: "a", caption: 'say "hi"\n', likes: [] },
      { _id: "b", width: null },
    ];
    for (const nextCursor of ["eyJpZCI6ImIifQ", null]) {
      const text = pageText<{ posts: unknown[]; nextCursor: string | null }>(
        "posts",
        JSON.stringify(posts),
        nextCursor,
      );
      expect(text).toBe(JSON.stringify({ posts, nextCursor }));
    }
    expect(pageText<{ flicks: unknown[]; nextCursor: string | null }>("flicks", "[]", null)).toBe(
      '{"flicks":[],"nextCursor":null}',
    );
  });
});
