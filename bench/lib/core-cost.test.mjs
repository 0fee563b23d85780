import assert from "node:assert/strict";
import { test } from "node:test";
import { coreCostAtRate } from "./core-cost.mjs";

const readOnly = (busy) => ({ rps: 1000, cpuBusy: [busy, 20], read: { count: 5000 }, write: { count: 0 } });
const mixed = (busy, writes) => ({
  rps: 1000,
  cpuBusy: [busy, 30],
  read: { count: 5000 - writes },
  write: { count: writes },
});

test("a write's core time is the mixed loop's extra busy time, reads counted at the read-only cost", () => {
  // 10 % of a core for 1,000 reads a second: 0.1 ms each. The mixed loop: 4,500 reads (450 ms of core)
  // and 500 writes in 5 s with the core 40 % busy (2,000 ms): 1,550 ms of writes, 3.1 ms each.
  const cost = coreCostAtRate([readOnly(10), readOnly(10), readOnly(10)], [mixed(40, 500)], 5);
  assert.deepEqual(cost, { readMs: 0.1, writeMs: 3.1, writeShareOfCore: 0.31 });
});

test("medians of the rounds", () => {
  const cost = coreCostAtRate(
    [readOnly(8), readOnly(10), readOnly(50)],
    [mixed(30, 500), mixed(40, 500), mixed(90, 500)],
    5,
  );
  assert.equal(cost.readMs, 0.1);
  assert.equal(cost.writeMs, 3.1);
});

test("never a negative cost when the mixed loop's core was less busy than its reads predict", () => {
  assert.deepEqual(coreCostAtRate([readOnly(50)], [mixed(10, 500)], 5), {
    readMs: 0.5,
    writeMs: 0,
    writeShareOfCore: 0,
  });
});

test("none without the core's busy time (an unpinned run, or results from before)", () => {
  assert.equal(coreCostAtRate([{ rps: 1000 }], [mixed(40, 500)], 5), null);
  assert.equal(coreCostAtRate([readOnly(null)], [mixed(40, 500)], 5), null);
});
