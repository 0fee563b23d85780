// How busy each core was during a measurement, from /proc/stat: tells a server-bound figure (core 0
// full) from one the load generator capped (core 1 full while core 0 still had room).
import { readFileSync } from "node:fs";

/** Busy and total jiffies of each CPU, in CPU order. */
export function cpuTimes() {
  try {
    return readFileSync("/proc/stat", "utf8")
      .split("\n")
      .filter((line) => /^cpu\d+ /.test(line))
      .map((line) => {
        const [user, nice, system, idle, iowait, irq, softirq, steal] = line
          .split(/\s+/)
          .slice(1)
          .map(Number);
        const busy = user + nice + system + irq + softirq + steal;
        return { busy, total: busy + idle + iowait };
      });
  } catch {
    return [];
  }
}

/** Percent busy per CPU between two cpuTimes() snapshots. */
export function busyPercent(before, after) {
  return after.map((end, index) => {
    const start = before[index];
    const total = end.total - start.total;
    return total > 0 ? Math.round(((end.busy - start.busy) / total) * 100) : null;
  });
}

/** True when the load generator's core was the limit rather than the server's. */
export function clientBound(busy) {
  return Array.isArray(busy) && busy[1] >= 95 && busy[0] !== null && busy[0] < 90;
}
