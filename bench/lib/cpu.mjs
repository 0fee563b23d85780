// How busy each core was during a measurement, and who else used them, from /proc: tells a server-bound
// figure (core 0 full) from one the load generator capped (core 1 full while core 0 had room), and
// flags rounds that other work on the machine (another build, another benchmark) made noisy.
import { readdirSync, readFileSync } from "node:fs";
import { childPids } from "./children.mjs";

/** Busy and total jiffies of each CPU, and the CPU jiffies of every process, at one moment. */
export function cpuSnapshot() {
  return { cpus: cpuTimes(), processes: processTimes() };
}

/**
 * Between two snapshots: percent busy per CPU; `postgresCores`, the cores' worth of CPU PostgreSQL used
 * (part of the app on PostgreSQL); `otherCores`, everything else busy on the machine that was neither
 * this bench, its children nor PostgreSQL: other processes, short-lived ones that left no trace by the
 * second snapshot, and time the hypervisor gave to other machines (steal).
 */
export function cpuUsage(before, after) {
  const busy = after.cpus.map((end, index) => {
    const start = before.cpus[index];
    const total = end.total - start.total;
    return total > 0 ? Math.round(((end.busy - start.busy) / total) * 100) : null;
  });
  const wall = after.cpus[0] && before.cpus[0] ? after.cpus[0].total - before.cpus[0].total : 0;
  const machineBusy = after.cpus.reduce((sum, end, index) => sum + end.busy - before.cpus[index].busy, 0);
  const ourPids = new Set([process.pid, ...childPids()]);
  let ours = 0;
  let postgres = 0;
  for (const [pid, end] of after.processes) {
    const used = end.jiffies - (before.processes.get(pid)?.jiffies ?? 0);
    if (ourPids.has(pid)) ours += used;
    else if (end.comm === "postgres") postgres += used;
  }
  const cores = (jiffies) => (wall > 0 ? Math.round((Math.max(0, jiffies) / wall) * 100) / 100 : null);
  return { cpuBusy: busy, otherCores: cores(machineBusy - ours - postgres), postgresCores: cores(postgres) };
}

/** True when the load generator's core was the limit rather than the server's. */
export function clientBound(busy) {
  return Array.isArray(busy) && busy[1] >= 95 && busy[0] !== null && busy[0] < 90;
}

function cpuTimes() {
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

/** utime + stime of every process (all its threads), by pid. */
function processTimes() {
  const times = new Map();
  let entries = [];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return times;
  }
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // The command name is in parentheses and may hold spaces; the fields after it are plain.
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      times.set(Number(pid), { comm, jiffies: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return times;
}

const QUIET_CORES = 0.15;
const QUIET_WAIT_MS = Number(process.env.BENCH_QUIET_WAIT ?? 600) * 1000;

/**
 * On a shared machine, waits (up to BENCH_QUIET_WAIT seconds) until other processes use less than
 * QUIET_CORES of a core over half a second, so a round does not start in the middle of someone's build.
 * Answers the other processes' last use, in cores.
 */
export async function waitForQuiet(log = (line) => console.error(line)) {
  const deadline = performance.now() + QUIET_WAIT_MS;
  let told = false;
  for (;;) {
    const before = cpuSnapshot();
    await new Promise((done) => setTimeout(done, 500));
    const { otherCores } = cpuUsage(before, cpuSnapshot());
    if (otherCores === null || otherCores < QUIET_CORES) {
      if (told) log("  … quiet again");
      return otherCores;
    }
    if (performance.now() > deadline) {
      log(`  measuring anyway: other processes still use ${otherCores} cores (BENCH_QUIET_WAIT)`);
      return otherCores;
    }
    if (!told) log(`  waiting: other processes use ${otherCores} cores`);
    told = true;
  }
}

const NOISY_CORES = 0.25;
const TRIES = 4;

/**
 * Runs a measurement that reports `otherCores`, again when other processes took more than NOISY_CORES
 * meanwhile (a neighbour woke up mid-round), and keeps the quietest of up to TRIES attempts.
 */
export async function measureQuietly(measure, log = (line) => console.error(line)) {
  let best = null;
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const result = await measure();
    if (best === null || (result.otherCores ?? 0) < (best.otherCores ?? 0))
      best = { ...result, attempts: attempt };
    if ((result.otherCores ?? 0) <= NOISY_CORES) break;
    if (attempt < TRIES)
      log(`  other processes took ${result.otherCores} cores during that round: measuring it again`);
  }
  return best;
}
