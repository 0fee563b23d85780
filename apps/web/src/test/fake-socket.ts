import { vi } from "vitest";

type Listener = (...args: unknown[]) => void;

/** Stands in for a socket.io client: records emits and lets a test fire server events. */
export function createFakeSocket() {
  const listeners = new Map<string, Listener[]>();
  const socket = {
    emitted: [] as unknown[][],
    connected: false,
    /** The manager's transport: closing it is a lost connection (the socket comes back by itself). */
    io: { engine: { close: vi.fn() } },
    /** Set by tests that render a provider, to end it. */
    unmount: undefined as (() => void) | undefined,
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return socket;
    },
    off(event: string, listener?: Listener) {
      const kept = listener ? (listeners.get(event) ?? []).filter((l) => l !== listener) : [];
      listeners.set(event, kept);
      return socket;
    },
    /**
     * The server's answer to `joinUser`, given at once: by default one that vouches for no quiet, so
     * every connect is followed by the features' catch-up, as with several server nodes.
     */
    joinUserAnswer: { ok: true } as { ok: true; quietForMs?: number },
    /**
     * How quiet the rooms of the posts a `joinPostRoom` joins were, answered at once when set (every
     * post asked is watched); unset, joins are never answered.
     */
    joinPostRoomQuietForMs: undefined as number | undefined,
    /** How quiet the room `flicks` was, answered to a `joinFlicks` at once when set; unset, never answered. */
    joinFlicksQuietForMs: undefined as number | undefined,
    emit(...args: unknown[]) {
      socket.emitted.push(args);
      const ack = args.at(-1);
      if (args[0] === "joinUser" && typeof ack === "function") ack(socket.joinUserAnswer);
      const quietForMs = socket.joinPostRoomQuietForMs;
      if (args[0] === "joinPostRoom" && typeof ack === "function" && quietForMs !== undefined)
        ack(Array.isArray(args[1]) ? { ok: true, watching: args[1], quietForMs } : { ok: true, quietForMs });
      const flicksQuietForMs = socket.joinFlicksQuietForMs;
      if (args[0] === "joinFlicks" && typeof ack === "function" && flicksQuietForMs !== undefined)
        ack({ ok: true, quietForMs: flicksQuietForMs });
      return socket;
    },
    connect() {
      socket.connected = true;
      return socket;
    },
    disconnect() {
      socket.connected = false;
      return socket;
    },
    removeAllListeners() {
      listeners.clear();
      return socket;
    },
    /** Whether anything listens to `event` yet (listeners subscribe in effects, after the first render). */
    listens(event: string) {
      return (listeners.get(event) ?? []).length > 0;
    },
    /** Simulates the server side: runs the listeners registered for `event`. */
    fire(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
  };
  return socket;
}

export type FakeSocket = ReturnType<typeof createFakeSocket>;

/**
 * The next socket the app makes is still connecting when the screen mounts, as on a fresh page load,
 * until the test calls `connectNow`. For test files that mock `lib/socket` with `createFakeSocket`.
 */
export async function nextSocketStillConnecting(): Promise<void> {
  const { createUserSocket } = await import("../lib/socket");
  vi.mocked(createUserSocket).mockImplementationOnce(() => {
    const connecting = createFakeSocket();
    connecting.connect = () => connecting;
    return connecting as never;
  });
}

/** The socket's connect comes (its first, for a socket made by `nextSocketStillConnecting`). */
export function connectNow(socket: FakeSocket): void {
  socket.connected = true;
  socket.fire("connect");
}
