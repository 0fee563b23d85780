// The feed while other members write: 10 connections, every tenth request a write (like, unlike,
// comment, new post) by a member the reader follows, so each write lands in, or changes a post of, the
// very feed being read (the likes and comments go to the posts on its first page as it is now, the new
// posts among them). Reported as the feed's p99 under the mix divided by its p99 in the same loop with
// no writes, both as medians of interleaved rounds, twice:
// - at saturation (a closed loop, each connection sending as soon as it is answered): there a request
//   waits for the work queued ahead of it, so the ratio also counts what a write costs beside a read;
// - at a fixed rate, 60 % of the mix's peak (the issue's own rate for the feed's p99), the same for both
//   loops: what the writes do to the reads' tail at the same load.
import { Agent, request as httpRequest } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { bearer, request, signIn } from "./api.mjs";
import { pinning } from "./children.mjs";
import { coreCostAtRate } from "./core-cost.mjs";
import { cpuSnapshot, cpuUsage, measureQuietly, waitForQuiet } from "./cpu.mjs";
import { CONNECTIONS } from "./load.mjs";
import { median, percentile, ratio, round } from "./stats.mjs";

const WRITE_EVERY = 10;
/** The fixed rate's share of the mix's peak. */
const RATE_SHARE = 0.6;

export async function feedUnderWrites(flik, subjects, typicalToken, { seconds, rounds, log }) {
  const feedPath = "/api/posts?limit=20";
  const writers = await followedWriters(flik.base, subjects, typicalToken);
  const { posts } = await request(flik.base, "GET", feedPath, { token: typicalToken });
  const targets = posts.map((post) => post._id ?? post.id);
  if (writers.length === 0 || targets.length === 0)
    return { skipped: "the typical member follows no one or sees no posts" };
  const read = { method: "GET", path: feedPath, headers: bearer(typicalToken) };
  const writes = writeSequence(writers, targets);

  // Untimed: the first seconds of a feed under load are slower (JIT, caches) and would skew round one.
  // Under writes, too: the writers' new posts then fill the page before any round, so that every round,
  // read-only or mixed, reads the same kind of page (until stop 39 the first read-only round read the
  // seeded page and the later ones a page of the writers' lighter posts).
  await closedLoop(flik.base, 2, () => ({ kind: "read", ...read }));
  let warming = 0;
  await closedLoop(flik.base, 2, () =>
    ++warming % WRITE_EVERY === 0 ? writes() : { kind: "read", ...read },
  );
  const readOnly = [];
  const mixed = [];
  for (let index = 0; index < rounds; index++) {
    readOnly.push(
      await measureQuietly(() => closedLoop(flik.base, seconds, () => ({ kind: "read", ...read }))),
    );
    let count = 0;
    const mixedRequest = () => (++count % WRITE_EVERY === 0 ? writes() : { kind: "read", ...read });
    mixed.push(await measureQuietly(() => closedLoop(flik.base, seconds, mixedRequest)));
    log(
      `  mix round ${index + 1}: feed p99 ${readOnly.at(-1).read.p99} ms read-only, ${mixed.at(-1).read.p99} ms with writes`,
    );
  }
  const readOnlyP99 = median(readOnly.map((r) => r.read.p99));
  const mixedP99 = median(mixed.map((r) => r.read.p99));

  const rate = Math.round(RATE_SHARE * median(mixed.map((r) => r.rps)));
  const readOnlyAtRate = [];
  const mixedAtRate = [];
  for (let index = 0; index < rounds; index++) {
    readOnlyAtRate.push(
      await measureQuietly(() => closedLoop(flik.base, seconds, () => ({ kind: "read", ...read }), rate)),
    );
    let count = 0;
    const mixedRequest = () => (++count % WRITE_EVERY === 0 ? writes() : { kind: "read", ...read });
    mixedAtRate.push(await measureQuietly(() => closedLoop(flik.base, seconds, mixedRequest, rate)));
    log(
      `  mix at ${rate} req/s, round ${index + 1}: feed p99 ${readOnlyAtRate.at(-1).read.p99} ms read-only, ${mixedAtRate.at(-1).read.p99} ms with writes`,
    );
  }
  const atRate = {
    share: RATE_SHARE,
    rate,
    readOnly: summary(readOnlyAtRate),
    mixed: summary(mixedAtRate),
  };
  atRate.p99Ratio = ratio(atRate.mixed.p99, atRate.readOnly.p99);
  // CPU 0 is the server's own core only when the bench pinned it there.
  atRate.core = pinning.pinned ? coreCostAtRate(readOnlyAtRate, mixedAtRate, seconds) : null;
  atRate.rounds = { readOnly: readOnlyAtRate, mixed: mixedAtRate };

  return {
    writers: writers.length,
    writeShare: 1 / WRITE_EVERY,
    readOnly: {
      rps: median(readOnly.map((r) => r.rps)),
      p50: median(readOnly.map((r) => r.read.p50)),
      p99: readOnlyP99,
    },
    mixed: {
      rps: median(mixed.map((r) => r.rps)),
      p50: median(mixed.map((r) => r.read.p50)),
      p99: mixedP99,
      writeP50: median(mixed.map((r) => r.write.p50)),
      writeP99: median(mixed.map((r) => r.write.p99)),
      failures: mixed.reduce((sum, r) => sum + r.failures, 0),
    },
    p99Ratio: ratio(mixedP99, readOnlyP99),
    rounds: { readOnly, mixed },
    atRate,
  };
}

/** Medians of a loop's rounds. */
function summary(runs) {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.read.p50)),
    p99: median(runs.map((r) => r.read.p99)),
    writeP50: median(runs.map((r) => r.write.p50)),
    writeP99: median(runs.map((r) => r.write.p99)),
    failures: runs.reduce((sum, r) => sum + r.failures, 0),
  };
}

/** Up to ten members the typical member follows, signed in to write. */
async function followedWriters(base, subjects, token) {
  const { typical } = subjects.members;
  const page = await request(base, "GET", `/api/following/${typical.id}?limit=10`, { token });
  const list = page.following ?? page.users ?? page.members ?? [];
  const writers = [];
  for (const member of list.slice(0, 10))
    writers.push(await signIn(base, member.username, subjects.password));
  return writers;
}

/**
 * Cycles like → comment → unlike → new post, the like, the comment and the unlike on the next post of
 * the feed's first page as it is now (`onPage`: the page read at the start, with each new post put at
 * its head as it is answered), the comment and the new post by the next writer, the like and the unlike
 * by one writer, so that both change something. Until stop 38 each went to the next writer: with 10
 * writers and 20 posts a post was always liked by one writer and unliked by another, so after the first
 * round every like was already there and every unlike found none. Until stop 39 the likes and comments
 * went to the posts of the page read at the start, which the new posts had pushed off the page within a
 * second: after that only the new posts changed the page read.
 */
function writeSequence(writers, onPage) {
  const pageSize = onPage.length;
  const posted = (text) => {
    const { post } = JSON.parse(text);
    onPage.unshift(post._id ?? post.id);
    onPage.length = pageSize;
  };
  let step = 0;
  let post;
  return () => {
    const round = Math.floor(step / 4);
    const kind = ["like", "comment", "unlike", "post"][step % 4];
    const liking = kind === "like" || kind === "unlike";
    const writer = writers[(liking ? round : step) % writers.length];
    if (kind === "like") post = onPage[round % pageSize];
    step++;
    const headers = { ...bearer(writer.token), "content-type": "application/json" };
    if (kind === "post") {
      // Another host's photo: nothing to upload, and no file the server could look for.
      const body = { image: "https://cdn.example.com/bench.jpg", caption: `bench post ${step}` };
      return { kind: "write", method: "POST", path: "/api/posts", headers, body, answered: posted };
    }
    if (kind === "comment")
      return {
        kind: "write",
        method: "POST",
        path: `/api/posts/${post}/comment`,
        headers,
        body: { text: `bench ${step}` },
      };
    return { kind: "write", method: "POST", path: `/api/posts/${post}/${kind}`, headers, body: {} };
  };
}

/**
 * CONNECTIONS workers, each sending its next request as soon as the last one answered. With `rate`,
 * paced: the n-th request of the loop is not sent before n / rate seconds (a late one goes at once, so
 * the load catches up), and five times as many workers, so that a slow answer does not hold back the
 * requests due after it; each request's time counts from its sending.
 */
async function closedLoop(base, seconds, next, rate) {
  const workers = rate ? CONNECTIONS * 5 : CONNECTIONS;
  const agent = new Agent({ keepAlive: true, maxSockets: workers });
  const url = new URL(base);
  const samples = { read: [], write: [] };
  let failures = 0;
  await waitForQuiet();
  const cpuBefore = cpuSnapshot();
  const startAt = performance.now();
  const endAt = startAt + seconds * 1000;
  let sent = 0;
  async function worker() {
    while (performance.now() < endAt) {
      if (rate) {
        const due = startAt + (sent++ * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        if (performance.now() >= endAt) break;
      }
      const call = next();
      const t0 = performance.now();
      const status = await send(agent, url, call);
      samples[call.kind].push(performance.now() - t0);
      if (status >= 400) failures++;
    }
  }
  await Promise.all(Array.from({ length: workers }, worker));
  agent.destroy();
  const stat = (values) => ({
    count: values.length,
    p50: round(percentile(values, 0.5)),
    p99: round(percentile(values, 0.99)),
  });
  return {
    rps: round((samples.read.length + samples.write.length) / seconds, 0),
    read: stat(samples.read),
    write: stat(samples.write),
    failures,
    ...cpuUsage(cpuBefore, cpuSnapshot()),
  };
}

function send(agent, url, call) {
  const body = call.body && JSON.stringify(call.body);
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: call.method,
        path: call.path,
        headers: call.headers,
      },
      (response) => {
        // Only a call that asks for its answer (a new post's id) has it read; the rest are drained.
        if (!call.answered || response.statusCode >= 400) {
          response.resume();
          response.once("end", () => resolve(response.statusCode));
          return;
        }
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.once("end", () => {
          call.answered(Buffer.concat(chunks).toString("utf8"));
          resolve(response.statusCode);
        });
      },
    );
    req.once("error", () => resolve(599));
    req.end(body);
  });
}
