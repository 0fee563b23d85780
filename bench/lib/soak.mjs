// The stall soak: members chatting at a steady, modest rate for minutes on one server, the way a small
// community uses it all day. Pauses of the whole server show up here that a 10-second burst hides:
// delivery latency is timed per message, /api/health is asked ten times a second beside it, and the
// server's own event loop is watched from inside (loop-probe.mjs).
import { memberNames, signInMany } from "./api.mjs";
import { connectAll, openChats, sendPaced } from "./chat.mjs";
import { cpuSnapshot, cpuUsage, waitForQuiet } from "./cpu.mjs";
import { percentile, round } from "./stats.mjs";

const HEALTH_EVERY_MS = 100;
const GRACE_MS = 10_000;

/** @param {{ members: number, rate: number, seconds: number, log: (line: string) => void }} options */
export async function stallSoak(flik, subjects, { members: wanted, rate, seconds, log }) {
  const population = subjects.counts?.users ?? wanted;
  const count = Math.min(wanted, population) - (Math.min(wanted, population) % 2);
  log(`  signing in ${count} members`);
  const { members } = await signInMany(
    flik.base,
    memberNames(subjects, population),
    count,
    subjects.password,
  );
  const pairs = await openChats(flik.base, members);
  const sockets = await connectAll(flik.base, members);
  const rssStartMb = flik.rssMb();
  try {
    await waitForQuiet();
    await flik.loopReport(); // starts the probe's window here, after sign-in and connection
    log(
      `  ${rate} messages/s for ${seconds} s over ${pairs.length} chats, /api/health every ${HEALTH_EVERY_MS} ms`,
    );
    const cpuBefore = cpuSnapshot();
    const health = pollHealth(flik.base);
    const messages = await sendSteadily({
      pairs,
      sockets,
      rate,
      seconds,
      tag: `soak-${Date.now().toString(36)}`,
    });
    const healthTimes = await health.stop();
    const loop = await flik.loopReport();
    const cpu = cpuUsage(cpuBefore, cpuSnapshot());
    const result = {
      members: sockets.length,
      chats: pairs.length,
      rate,
      seconds,
      messages,
      health: {
        asked: healthTimes.length,
        failed: healthTimes.filter((time) => time === null).length,
        ...spread(healthTimes.filter((time) => time !== null)),
      },
      eventLoop: loop,
      rssStartMb: round(rssStartMb),
      rssEndMb: round(flik.rssMb()),
      ...cpu,
    };
    log(
      `    delivered ${messages.delivered} of ${messages.sent} (lost ${messages.lost}), delivery p50 ${messages.p50} ms p99 ${messages.p99} ms; ` +
        `health p99 ${result.health.p99} ms; event loop delay p99 ${loop.p99} ms, max ${loop.max} ms`,
    );
    return result;
  } finally {
    for (const socket of sockets) socket.close();
  }
}

async function sendSteadily({ pairs, sockets, rate, seconds, tag }) {
  const run = await sendPaced({ pairs, sockets, rate, seconds, tag, text: "soak", graceMs: GRACE_MS });
  run.unlisten();
  return { ...run.counts, ...spread(run.delivered) };
}

/** Asks /api/health on a fixed beat (not waiting for the previous answer) and times every answer. */
function pollHealth(base) {
  const pending = [];
  const timer = setInterval(() => {
    const startedAt = performance.now();
    pending.push(
      fetch(`${base}/api/health`, { signal: AbortSignal.timeout(30_000) }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.ok ? performance.now() - startedAt : null;
        },
        () => null,
      ),
    );
  }, HEALTH_EVERY_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      return Promise.all(pending);
    },
  };
}

function spread(times) {
  return {
    p50: round(percentile(times, 0.5)),
    p99: round(percentile(times, 0.99)),
    max: round(Math.max(0, ...times)),
  };
}
