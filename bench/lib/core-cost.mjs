// What a read and a write each hold the server's core for, from the mix's fixed-rate rounds: both loops
// run at the same rate, so the extra busy time of the mixed loop's core is the writes' (issue 12, stop
// 50). The reads' wait behind that work is what the mix's p99 ratio measures.
import { median, round } from "./stats.mjs";

/**
 * @param {{ rps: number, cpuBusy?: (number|null)[] }[]} readOnly the read-only rounds at the rate
 * @param {{ rps: number, cpuBusy?: (number|null)[], read: { count: number }, write: { count: number } }[]} mixed
 *   the mixed rounds at the same rate
 * @param {number} seconds each round's length
 * @returns {{ readMs: number, writeMs: number, writeShareOfCore: number } | null} ms of the server's core
 *   (CPU 0: the server, and whatever else the system ran there, PostgreSQL's backends included) per read
 *   from the read-only rounds and per write from the mixed ones, reads counted at the read-only cost;
 *   and the share of the core the writes held. Null without CPU figures. Meaningful only when the
 *   server was pinned to CPU 0 (the caller asks).
 */
export function coreCostAtRate(readOnly, mixed, seconds) {
  const busy = (run) => run.cpuBusy?.[0];
  if (![...readOnly, ...mixed].every((run) => Number.isFinite(busy(run)) && run.rps > 0)) return null;
  const readMs = median(readOnly.map((run) => ((busy(run) / 100) * 1000) / run.rps));
  const perRound = mixed.map((run) => {
    const coreMs = (busy(run) / 100) * seconds * 1000;
    const writesMs = Math.max(0, coreMs - run.read.count * readMs);
    return {
      writeMs: run.write.count > 0 ? writesMs / run.write.count : 0,
      share: writesMs / (seconds * 1000),
    };
  });
  return {
    readMs: round(readMs, 3),
    writeMs: round(median(perRound.map((r) => r.writeMs)), 3),
    writeShareOfCore: round(median(perRound.map((r) => r.share)), 2),
  };
}
