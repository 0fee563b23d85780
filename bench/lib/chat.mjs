// Chat delivery at community scale: 1,000 signed-in members on their own websocket, paired in 500
// direct chats, sending over the socket with acknowledgements at a fixed rate. A message counts as
// delivered when the peer's socket hears `newMessage`; as lost when the server acknowledged it but the
// peer never heard of it within the grace period; an ack error is the server shedding load.
import { io } from "socket.io-client";
import { memberNames, request, signInMany } from "./api.mjs";
import { cpuSnapshot, cpuUsage, waitForQuiet } from "./cpu.mjs";
import { sleep } from "./flik-server.mjs";
import { delayMs, loopDelayHistogram } from "./loop-probe.mjs";
import { describeStalls } from "./report.mjs";
import { percentile, round } from "./stats.mjs";

const GRACE_MS = Number(process.env.BENCH_CHAT_GRACE ?? 10) * 1000;
const DRAIN_MS = 60_000;

export async function chatDelivery(flik, subjects, { sockets, rates, seconds, log }) {
  const population = subjects.counts?.users ?? subjects.counts?.members ?? sockets;
  const count = evenFloor(Math.min(sockets, population));
  log(`  signing in ${count} members`);
  const { members, timing: signIn } = await signInMany(
    flik.base,
    memberNames(subjects, population),
    count,
    subjects.password,
  );
  if (members.length < count) throw new Error(`only ${members.length} of ${count} members could sign in`);
  const pairs = await openChats(flik.base, members);
  const rssBeforeMb = flik.rssMb();
  const connectStartedAt = performance.now();
  const connected = await connectAll(flik.base, members);
  const connectSeconds = (performance.now() - connectStartedAt) / 1000;
  await sleep(2_000);
  const rssAfterMb = flik.rssMb();
  const runId = Date.now().toString(36);
  const results = [];
  try {
    for (const [index, rate] of rates.entries()) {
      log(`  ${rate} messages/s for ${seconds} s over ${pairs.length} chats`);
      // A clientId per send and run: one sent again is the same message to the server (stored and
      // announced once), so a repeated rate (BENCH_CHAT_RATES=1000,1000) must not reuse the last one's.
      const tag = `${runId}-${index}-${rate}`;
      results.push(await sendAtRate({ flik, pairs, sockets: connected, rate, seconds, tag }));
      const last = results.at(-1);
      log(
        `    delivered ${last.delivered} of ${last.sent}, p50 ${last.p50} ms, p99 ${last.p99} ms, lost ${last.lost}`,
      );
      if (last.stalls) log(`    ${describeStalls(last.stalls)}`);
    }
  } finally {
    for (const socket of connected) socket.close();
  }
  return {
    sockets: connected.length,
    chats: pairs.length,
    signIn,
    connectSeconds: round(connectSeconds, 1),
    memory: {
      rssBeforeMb: round(rssBeforeMb),
      rssAfterMb: round(rssAfterMb),
      mbPer1000Sockets: round(((rssAfterMb - rssBeforeMb) / connected.length) * 1000),
    },
    graceSeconds: GRACE_MS / 1000,
    rates: results,
  };
}

function evenFloor(value) {
  return value - (value % 2);
}

/** Member 2k opens (or finds) the direct chat with member 2k+1. */
export async function openChats(base, members) {
  const pairs = [];
  for (let index = 0; index + 1 < members.length; index += 2) {
    const [a, b] = [members[index], members[index + 1]];
    const { chat } = await request(base, "POST", "/api/chats", { token: a.token, body: { userId: b.id } });
    pairs.push({ chatId: chat._id ?? chat.id, members: [index, index + 1] });
  }
  return pairs;
}

/** Connects every member's socket, 50 handshakes at a time. */
export async function connectAll(base, members) {
  const sockets = new Array(members.length);
  for (let start = 0; start < members.length; start += 50) {
    const batch = members.slice(start, start + 50);
    await Promise.all(
      batch.map(async (member, offset) => {
        sockets[start + offset] = await connect(base, member);
      }),
    );
  }
  return sockets;
}

function connect(base, member) {
  return new Promise((resolve, reject) => {
    const socket = io(base, {
      transports: ["websocket"],
      auth: { token: member.token },
      query: { userId: member.id },
      forceNew: true,
      reconnection: false,
    });
    socket.data = member;
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) =>
      reject(new Error(`socket of ${member.username}: ${error.message}`)),
    );
  });
}

/**
 * Sends `rate` messages a second for `seconds`, round-robin over the chats and alternating the sender
 * of each chat, then waits up to `graceMs` for acks and deliveries. The caller counts, and calls
 * `unlisten` once it no longer waits for answers.
 */
export async function sendPaced({ pairs, sockets, rate, seconds, tag, text = "bench", graceMs = GRACE_MS }) {
  const total = rate * seconds;
  const sentAt = new Map();
  const acked = new Set();
  const ackErrors = {};
  const latencies = new Map();
  const unlisten = listenForDeliveries(sockets, tag, sentAt, latencies);
  const startedAt = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - startedAt) / 1000) * rate));
    for (; sent < due; sent++) {
      const pair = pairs[sent % pairs.length];
      const sender = sockets[pair.members[Math.floor(sent / pairs.length) % 2]];
      const clientId = `${tag}-${sent}`;
      sentAt.set(clientId, performance.now());
      sender.emit("sendMessage", { chatId: pair.chatId, text: `${text} ${clientId}`, clientId }, (answer) => {
        if (answer?.ok) acked.add(clientId);
        else ackErrors[answer?.error ?? "no answer"] = (ackErrors[answer?.error ?? "no answer"] ?? 0) + 1;
      });
    }
    await sleep(5);
  }
  const sendSeconds = (performance.now() - startedAt) / 1000;
  const errors = () => Object.values(ackErrors).reduce((a, b) => a + b, 0);
  const answered = () => acked.size + errors();
  const graceEnd = performance.now() + graceMs;
  while (performance.now() < graceEnd && (answered() < total || [...acked].some((id) => !latencies.has(id))))
    await sleep(50);
  const delivered = [...latencies.values()];
  return {
    sendSeconds,
    answered,
    unlisten,
    counts: {
      sent: total,
      acknowledged: acked.size,
      ackErrors: errors(),
      ackErrorMessages: ackErrors,
      unanswered: total - acked.size - errors(),
      delivered: delivered.length,
      lost: [...acked].filter((id) => !latencies.has(id)).length,
    },
    delivered,
  };
}

/** One rate of the chat section: measured on a quiet machine, then a backlog drained unmeasured. */
async function sendAtRate({ flik, pairs, sockets, rate, seconds, tag }) {
  await waitForQuiet();
  const watch = await watchStalls(flik);
  const cpuBefore = cpuSnapshot();
  const run = await sendPaced({ pairs, sockets, rate, seconds, tag });
  const stalls = await watch.stop();
  const { sent, acknowledged, ackErrors, ackErrorMessages, unanswered, delivered, lost } = run.counts;
  const result = {
    rate,
    seconds,
    achievedRate: round(sent / run.sendSeconds, 0),
    sent,
    acknowledged,
    ackErrors,
    ackErrorMessages,
    unanswered,
    delivered,
    lost,
    p50: round(percentile(run.delivered, 0.5)),
    p99: round(percentile(run.delivered, 0.99)),
    max: round(Math.max(0, ...run.delivered)),
    ...cpuUsage(cpuBefore, cpuSnapshot()),
    stalls,
  };
  // Unmeasured: let a backlog drain so the next rate does not start on a server still catching up.
  const drainEnd = performance.now() + DRAIN_MS;
  while (performance.now() < drainEnd && run.answered() < sent) await sleep(100);
  run.unlisten();
  return result;
}

/**
 * Where a slow delivery could have waited, other than the database: the server's event loop and garbage
 * collection (its loop probe, when it was started with one) and this process's own event loop, which
 * times every delivery. A delivery tail far above all three waited on the database or the disk.
 */
async function watchStalls(flik) {
  // Also starts the probe's window here (a server started without the probe refuses).
  const probed = await flik.loopReport().then(
    () => true,
    () => false,
  );
  const ownLoop = loopDelayHistogram();
  ownLoop.enable();
  return {
    async stop() {
      ownLoop.disable();
      const loadGeneratorLoop = { p99: delayMs(ownLoop.percentile(99)), max: delayMs(ownLoop.max) };
      if (!probed) return { loadGeneratorLoop };
      const server = await flik.loopReport();
      return {
        serverLoop: { p99: server.p99, max: server.max, worstPerSecond: server.worstPerSecond },
        serverGc: { count: server.gc.count, maxMs: server.gc.maxMs },
        loadGeneratorLoop,
      };
    },
  };
}

/** Times each message from its send to the moment the other member's socket hears it. */
function listenForDeliveries(sockets, tag, sentAt, latencies) {
  const handlers = sockets.map((socket) => {
    const handler = ({ message }) => {
      const clientId = message?.clientId;
      if (!clientId?.startsWith(`${tag}-`) || message.sender?._id === socket.data.id) return;
      const started = sentAt.get(clientId);
      if (started !== undefined && !latencies.has(clientId))
        latencies.set(clientId, performance.now() - started);
    };
    socket.on("newMessage", handler);
    return () => socket.off("newMessage", handler);
  });
  return () => {
    for (const off of handlers) off();
  };
}
