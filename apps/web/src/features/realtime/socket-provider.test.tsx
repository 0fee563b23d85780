import { act, render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { emitLogout, LOGOUT_EVENT, revokeOwnSession } from "../../lib/auth-events";
import { createUserSocket } from "../../lib/socket";
import { getToken } from "../../lib/storage";
import { signInAsAlice } from "../../test/auth-storage";
import { createFakeSocket, type FakeSocket } from "../../test/fake-socket";
import { SocketProvider, useJoinedRoomsCheck } from "./socket-provider";

vi.mock("../../lib/socket", () => ({ createUserSocket: vi.fn() }));

function renderProvider(token: string): FakeSocket {
  const socket = createFakeSocket();
  vi.mocked(createUserSocket).mockReturnValue(socket as never);
  const view = render(
    <SocketProvider token={token} userId="u-alice">
      <p>signed in</p>
    </SocketProvider>,
  );
  socket.unmount = view.unmount;
  return socket;
}

describe("SocketProvider", () => {
  it("connects with the member's token and id, and joins their room on connect", () => {
    const token = signInAsAlice();
    const socket = renderProvider(token);

    expect(createUserSocket).toHaveBeenCalledWith(token, "u-alice");
    expect(socket.connected).toBe(true);

    socket.fire("connect");
    expect(socket.emitted).toEqual([["joinUser", "u-alice", expect.any(Function)]]);
  });

  it("drops the connection as soon as the browser goes offline, not a heartbeat later", () => {
    const socket = renderProvider(signInAsAlice());
    window.dispatchEvent(new Event("offline"));
    expect(socket.io.engine.close).toHaveBeenCalledTimes(1);

    socket.connected = false;
    window.dispatchEvent(new Event("offline"));
    expect(socket.io.engine.close).toHaveBeenCalledTimes(1);
    socket.unmount?.();
  });

  it("treats sessionRevoked as a logout", () => {
    const token = signInAsAlice();
    const onLogout = vi.fn();
    window.addEventListener(LOGOUT_EVENT, onLogout);
    const socket = renderProvider(token);

    socket.fire("sessionRevoked");

    expect(getToken()).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
    const [event] = onLogout.mock.calls[0] ?? [];
    expect((event as CustomEvent | undefined)?.detail).toEqual({ reason: "session-revoked" });
    window.removeEventListener(LOGOUT_EVENT, onLogout);
  });

  it("signs out as the member's own logout when the revocation it reports is that logout's echo", async () => {
    const token = signInAsAlice();
    const onLogout = vi.fn();
    window.addEventListener(LOGOUT_EVENT, onLogout);
    const socket = renderProvider(token);
    let answer: () => void = () => {};
    const revoke = revokeOwnSession(
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    );

    // The server ends the session and tells its socket before the logout call's answer arrives.
    socket.fire("sessionRevoked");
    answer();
    await revoke;
    emitLogout("user");

    // Both say "user": /login starts afresh rather than remembering the page to return to.
    expect(onLogout.mock.calls.map(([event]) => (event as CustomEvent).detail)).toEqual([
      { reason: "user" },
      { reason: "user" },
    ]);
    window.removeEventListener(LOGOUT_EVENT, onLogout);
  });

  it("treats a handshake refused as unauthorized as a logout, and other connect errors not", () => {
    const token = signInAsAlice();
    const onLogout = vi.fn();
    window.addEventListener(LOGOUT_EVENT, onLogout);
    const socket = renderProvider(token);

    socket.fire("connect_error", new Error("xhr poll error"));
    expect(getToken()).toBe(token);
    expect(onLogout).not.toHaveBeenCalled();

    socket.fire("connect_error", new Error("unauthorized"));
    expect(getToken()).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
    window.removeEventListener(LOGOUT_EVENT, onLogout);
  });

  it("connects again after the server's disconnect (an older server's restart), not after a lost connection", () => {
    const socket = renderProvider(signInAsAlice());
    socket.fire("connect");
    const connect = vi.spyOn(socket, "connect");

    // socket.io-client reconnects by itself after these.
    socket.fire("disconnect", "transport close");
    socket.fire("disconnect", "ping timeout");
    expect(connect).not.toHaveBeenCalled();

    socket.fire("disconnect", "io server disconnect");
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it("stays disconnected when the server ends the socket of a revoked session", () => {
    const token = signInAsAlice();
    const socket = renderProvider(token);
    socket.fire("connect");
    const connect = vi.spyOn(socket, "connect");

    socket.fire("sessionRevoked");
    socket.fire("disconnect", "io server disconnect");

    expect(connect).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });

  it("disconnects when the member leaves the signed-in area", () => {
    const socket = renderProvider(signInAsAlice());
    socket.unmount?.();
    expect(socket.connected).toBe(false);
  });

  it("reads a join's quiet against the page's age, in the first connection only, and only while the page loads", () => {
    const probe = { check: null as ReturnType<typeof useJoinedRoomsCheck> };
    function Probe() {
      probe.check = useJoinedRoomsCheck();
      return null;
    }
    const socket = createFakeSocket();
    vi.mocked(createUserSocket).mockReturnValue(socket as never);
    const view = render(
      <SocketProvider token={signInAsAlice()} userId="u-alice">
        <Probe />
      </SocketProvider>,
    );
    const pageAt = (ms: number) => {
      vi.spyOn(performance, "now").mockReturnValue(ms);
      vi.spyOn(Date, "now").mockReturnValue(performance.timeOrigin + ms);
    };
    act(() => socket.fire("connect"));
    const joined = (quietForMs?: number) => ({ ok: true as const, quietForMs });

    pageAt(2_000);
    // At the connect: quiet since before the page began vouches; anything less, or nothing said, does not.
    expect(probe.check?.missedOnFirstConnect(joined(2_500))).toBe(false);
    expect(probe.check?.missedOnFirstConnect(joined(1_500))).toBe(true);
    expect(probe.check?.missedOnFirstConnect(joined())).toBe(true);
    // Later in the first connection: only an event heard since the page began tells of anything.
    expect(probe.check?.heardSincePageBegan(joined(1_500))).toBe(true);
    expect(probe.check?.heardSincePageBegan(joined(2_500))).toBe(false);
    expect(probe.check?.heardSincePageBegan(joined())).toBe(false);
    // A loaded page's later lists are left as before: the 30 s an answer can tell no longer covers it.
    pageAt(40_000);
    expect(probe.check?.heardSincePageBegan(joined(30_000))).toBe(false);
    expect(probe.check?.heardSincePageBegan(joined(5_000))).toBe(false);

    // After a reconnect the catch-up reads everything again: neither asks for more.
    pageAt(2_000);
    act(() => socket.fire("connect"));
    expect(probe.check?.missedOnFirstConnect(joined(1_500))).toBe(false);
    expect(probe.check?.heardSincePageBegan(joined(1_500))).toBe(false);
    vi.restoreAllMocks();
    view.unmount();
  });
});
