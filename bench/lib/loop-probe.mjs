// Loaded into the measured server with `node --import` (never part of the app): watches the server's
// event loop from inside, the way an operator's agent would. When the bench creates
// BENCH_LOOP_PROBE_FILE.ask, it writes what it saw since the last report to BENCH_LOOP_PROBE_FILE and
// starts over (a file, not a signal: the server shuts down on SIGUSR2, as nodemon sends it). It reports
// the loop's delay percentiles, each second's worst delay (to line stalls up with what else happened
// then), and garbage collection.
import { existsSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

const RESOLUTION_MS = 10;

/** An event-loop delay histogram as the probe keeps it (read its values with `delayMs`). */
export function loopDelayHistogram() {
  return monitorEventLoopDelay({ resolution: RESOLUTION_MS });
}

/**
 * The histograms hold the whole interval between the probe's 10 ms ticks; the delay is what exceeds the
 * tick (as @fastify/under-pressure reads them).
 */
export const delayMs = (nanoseconds) =>
  Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 100) / 100);

const file = process.env.BENCH_LOOP_PROBE_FILE;
if (file) {
  const whole = loopDelayHistogram();
  const second = loopDelayHistogram();
  whole.enable();
  second.enable();
  let worstPerSecond = [];
  let gc = { count: 0, totalMs: 0, maxMs: 0, pausesOver50Ms: 0 };

  const ticker = setInterval(() => {
    worstPerSecond.push(delayMs(second.max));
    second.reset();
  }, 1000);
  ticker.unref();
  const asked = setInterval(() => {
    if (!existsSync(`${file}.ask`)) return;
    rmSync(`${file}.ask`, { force: true });
    report();
  }, 100);
  asked.unref();

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      if (entry.duration > 50) gc.pausesOver50Ms++;
    }
  }).observe({ entryTypes: ["gc"] });

  function report() {
    const seen = {
      p50: delayMs(whole.percentile(50)),
      p99: delayMs(whole.percentile(99)),
      p999: delayMs(whole.percentile(99.9)),
      max: delayMs(whole.max),
      mean: delayMs(whole.mean),
      worstPerSecond,
      gc: { ...gc, totalMs: Math.round(gc.totalMs), maxMs: Math.round(gc.maxMs * 10) / 10 },
    };
    writeFileSync(`${file}.part`, JSON.stringify(seen));
    renameSync(`${file}.part`, file);
    whole.reset();
    second.reset();
    worstPerSecond = [];
    gc = { count: 0, totalMs: 0, maxMs: 0, pausesOver50Ms: 0 };
  }
}
