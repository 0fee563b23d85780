// autocannon runs in this process, which children.mjs pinned to CPU 1, away from the server on CPU 0.
import autocannon from "autocannon";
import { cpuSnapshot, cpuUsage, waitForQuiet } from "./cpu.mjs";
import { round } from "./stats.mjs";

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** Closed-loop load on one URL for `seconds`; `overallRate` turns it into a fixed arrival rate. */
export async function hammer({ base, call, seconds, overallRate }) {
  await waitForQuiet();
  const cpuBefore = cpuSnapshot();
  const ownBefore = process.cpuUsage();
  const startedAt = performance.now();
  const result = await autocannon({
    url: `${base}${call.path}`,
    method: call.method,
    headers: call.headers,
    connections: CONNECTIONS,
    duration: seconds,
    ...(overallRate && { overallRate }),
  });
  return {
    rps: round(result.requests.average, 0),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ...cpuUsage(cpuBefore, cpuSnapshot()),
    // The load generator's own CPU, in cores: near 1 means it, not the server, set the pace.
    loadGeneratorCores: round(cores(process.cpuUsage(ownBefore), performance.now() - startedAt), 2),
  };
}

/** A short untimed run, so the measured rounds see a warm JIT, warm caches and open connections. */
export function warmUp(base, call) {
  return autocannon({
    url: `${base}${call.path}`,
    method: call.method,
    headers: call.headers,
    connections: CONNECTIONS,
    duration: 1,
  });
}

function cores({ user, system }, wallMs) {
  return (user + system) / 1000 / wallMs;
}
