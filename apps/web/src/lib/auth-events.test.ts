import { afterEach, describe, expect, it, vi } from "vitest";
import { emitLogout, type LogoutReason, onLogout, revokeOwnSession } from "./auth-events";

function listen() {
  const reasons: LogoutReason[] = [];
  const stop = onLogout(({ reason }) => reasons.push(reason));
  return { reasons, stop };
}

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe("logout events", () => {
  it("a revocation reported while the member's own logout is under way signs out as theirs", async () => {
    const { reasons, stop } = listen();
    stops.push(stop);
    let answer: () => void = () => {};
    const revoke = revokeOwnSession(
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    );
    // The server's echo on this device's socket comes before its answer to the logout call.
    emitLogout("session-revoked");
    answer();
    await revoke;
    emitLogout("user");
    // A later revocation from elsewhere is one again.
    emitLogout("session-revoked");
    expect(reasons).toEqual(["user", "user", "session-revoked"]);
  });

  it("keeps the reason after the own logout has happened, and when the server refused it", async () => {
    const { reasons, stop } = listen();
    stops.push(stop);
    await revokeOwnSession(async () => undefined);
    emitLogout("user");
    emitLogout("unauthorized");

    const refused = new Error("offline");
    await expect(revokeOwnSession(() => Promise.reject(refused))).rejects.toBe(refused);
    emitLogout("session-revoked");
    expect(reasons).toEqual(["user", "unauthorized", "session-revoked"]);
  });

  it("passes other reasons through unchanged", () => {
    const listener = vi.fn();
    stops.push(onLogout(listener));
    emitLogout("unauthorized");
    expect(listener).toHaveBeenCalledWith({ reason: "unauthorized" });
  });
});
