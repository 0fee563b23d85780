import { describe, expect, it } from "vitest";
import { createForgettingLog } from "./forgetting-log.js";

describe("the forgetting log", () => {
  it("tells the first forgetting of what a read shows since it started, however often it was forgotten after", () => {
    const log = createForgettingLog();
    log.forgot("post:p1"); // before the read: it holds this change
    const startedAt = log.started();
    log.forgot("post:p2");
    const firstOfP1 = log.now() + 1;
    log.forgot("post:p1");
    log.forgot("post:p1");
    expect(log.firstForgottenSince(startedAt, ["post:p1"])).toBe(firstOfP1);
    expect(log.firstForgottenSince(startedAt, ["post:p1", "post:p2"])).toBe(firstOfP1 - 1);
    expect(log.firstForgottenSince(startedAt, ["post:p3"])).toBe(Number.POSITIVE_INFINITY);
    expect(log.forgottenSince(startedAt, ["post:p1"])).toBe(true);
    expect(log.forgottenSince(startedAt, ["post:p3"])).toBe(false);
  });

  it("count a forgetting of everything as one of each key", () => {
    const log = createForgettingLog();
    const startedAt = log.started();
    log.cleared();
    expect(log.firstForgottenSince(startedAt, ["post:p3"])).toBe(log.now());
  });

  it("forget the forgettings no read in flight is older than", () => {
    const log = createForgettingLog();
    const older = log.started();
    log.forgot("post:p1");
    const newer = log.started();
    log.forgot("post:p1");
    log.finished(older);
    // The newer read still sees the forgetting after it started, not the one before.
    expect(log.firstForgottenSince(newer, ["post:p1"])).toBe(log.now());
    log.finished(newer);
    const later = log.started();
    expect(log.firstForgottenSince(later, ["post:p1"])).toBe(Number.POSITIVE_INFINITY);
    log.finished(later);
  });
});
