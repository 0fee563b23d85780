// node --test scripts/: what npm test does about a missing Chromium (ensure-chromium.mjs).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chromiumPlan, DEFAULT_CHROMIUM } from "./ensure-chromium.mjs";

const debianRoot = {
  path: DEFAULT_CHROMIUM,
  explicit: false,
  found: false,
  isRoot: true,
  isDebian: true,
  hasAptGet: true,
};

describe("npm test's Chromium check", () => {
  it("goes on when Chromium is there", () => {
    assert.deepEqual(chromiumPlan({ ...debianRoot, found: true }), { action: "ok" });
    assert.deepEqual(chromiumPlan({ ...debianRoot, found: true, isDebian: false, isRoot: false }), {
      action: "ok",
    });
  });

  it("installs Debian's chromium when it runs as root on Debian", () => {
    assert.deepEqual(chromiumPlan(debianRoot), { action: "install" });
  });

  it("stops at once with the apt-get command on Debian without root", () => {
    const plan = chromiumPlan({ ...debianRoot, isRoot: false });
    assert.equal(plan.action, "stop");
    assert.match(plan.message, /sudo apt-get update && sudo apt-get install -y chromium/);
    assert.match(plan.message, /\/usr\/bin\/chromium/);
  });

  it("stops at once elsewhere, saying how to point the tests at a browser", () => {
    const plan = chromiumPlan({ ...debianRoot, isDebian: false, hasAptGet: false });
    assert.equal(plan.action, "stop");
    assert.match(plan.message, /CHROMIUM_PATH=\/path\/to\/chromium npm test/);
  });

  it("never installs over a CHROMIUM_PATH that names a missing file", () => {
    const plan = chromiumPlan({ ...debianRoot, path: "/opt/chrome/chrome", explicit: true });
    assert.equal(plan.action, "stop");
    assert.match(plan.message, /CHROMIUM_PATH is \/opt\/chrome\/chrome/);
  });
});
