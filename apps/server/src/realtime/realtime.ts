import type { Server as HttpServer } from "node:http";
import {
  type ClientToServerEvents,
  QUIET_FOR_MAX_MS,
  rooms,
  type ServerToClientEvents,
  type SessionRevokedReason,
} from "@flik/shared";
import type { FastifyBaseLogger } from "fastify";
import { Server, type Socket } from "socket.io";
import type { Caller } from "../platform/caller.js";
import { idOf } from "../platform/ids.js";
import { createRateWindow } from "../platform/rate-window.js";
import { createQuietRooms, type QuietRooms } from "./quiet-rooms.js";

// biome-ignore lint/complexity/noBannedTypes: Socket.IO's slot for server-to-server events, which Flik has none of.
type InterServerEvents = {};
export type FlikIo = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, Caller>;
export type FlikSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, Caller>;

export interface Realtime {
  io: FlikIo;
  /** Admits only sockets whose token belongs to a live session of the user id in their query. */
  authenticateWith(authenticate: (token: string) => Promise<Caller | null>): void;
  /** Lets a feature handle the events of every signed-in socket (no central switch of events). */
  onConnection(register: (socket: FlikSocket) => void): void;
  /**
   * Lets a feature name rooms each socket joins as it connects, loaded before the socket is admitted,
   * so no event reaches it before it is in them (a socket that cannot be given them is refused).
   */
  joinOnConnect(roomsOf: (caller: Caller) => Promise<string[]>): void;
  /** Tells the sockets of revoked sessions why, and closes them (on every node, through the adapter). */
  endSessions(sessionIds: string[], reason?: SessionRevokedReason): void;
  /**
   * Drops every connection of this node (the HTTP server is closed by Fastify). Clients see a lost
   * connection, not a disconnect by the server, so they reconnect by themselves: to this node's
   * successor after a restart, or to another node.
   */
  closeConnections(): void;
  /**
   * For how many milliseconds (up to 30 s) none of these rooms has had an event, as this node saw it:
   * what a room joined at a page's first connect tells its client (did it miss anything since its
   * reads?). Answered for a connection's first few asks only (a page's first joins), and never with
   * several nodes. An event kept from the asker (sent `except` a room of theirs, a block's) counts for
   * nothing: the answer never tells them it happened.
   */
  quietFor(socket: FlikSocket, rooms: string[]): number | undefined;
  /** True once the node is shutting down: features skip follow-up work for sockets closing with it. */
  readonly closing: boolean;
  close(): Promise<void>;
}

/** The window a member's socket events are counted in (`eventsPerWindow` of them). */
const EVENT_WINDOW_MS = 10_000;
/**
 * Events that cost nothing but leaving a room or saying nothing more: never counted, so a client that
 * leaves post rooms keeps its budget for the events that do cost. A list of rooms to leave (a long feed
 * closing, up to 100 posts in one event) is counted, as one event: free, it would be work for nothing.
 */
const FREE_EVENTS: ReadonlySet<string> = new Set([
  "leavePostRoom",
  "leaveChat",
  "leaveFlicks",
  "unwatchProfile",
  "stopTyping",
]);
/**
 * Every handler reads `(payload, ack)`; a client's acknowledgement is the last argument, wherever that
 * is. `emit("joinChat", ack)`, the payload left out: the ack is moved after an absent payload, so the
 * handler answers it (the payload refused, as any missing one is) instead of taking it for the payload.
 * `emit("sendMessage", payload, "extra", ack)`: the extra arguments go, so the ack is answered, not
 * taken for nothing while the message is stored.
 */
function ackInItsPlace(packet: unknown[]): void {
  const ack = packet.at(-1);
  if (typeof ack !== "function" || packet.length === 3) return;
  packet.splice(1, packet.length - 1, packet.length === 2 ? undefined : packet[1], ack);
}

/** The joins of a connection told how quiet their rooms were: a page's first connect joins a few screens'. */
const QUIET_ANSWERS_PER_CONNECTION = 3;

export const TOO_MANY_EVENTS = "You're doing that too fast. Please wait a moment.";
/** An event no feature listens to, acknowledged so a client waiting on it hears so. */
export const UNKNOWN_EVENT = "There is no such event";

export async function createRealtime(options: {
  httpServer: HttpServer;
  redisUrl: string | undefined;
  redisChannel: string;
  /** Events a member's sockets on this node may send per 10 s; past it they are refused, unhandled. */
  eventsPerWindow: number;
  log: FastifyBaseLogger;
}): Promise<Realtime> {
  const io: FlikIo = new Server(options.httpServer, {
    path: "/socket.io",
    transports: ["websocket"],
    serveClient: false,
  });
  const redisClients = options.redisUrl
    ? await useRedisAdapter(io, options.redisUrl, options.redisChannel, options.log)
    : [];
  // Only a single node sees every event its members' rooms get; with several, nothing is claimed quiet.
  const quietRooms = options.redisUrl ? undefined : listenForQuiet(io);
  const registrars: ((socket: FlikSocket) => void)[] = [];
  const roomProviders: ((caller: Caller) => Promise<string[]>)[] = [];
  const admittedRooms = new WeakMap<FlikSocket, string[]>();
  const quietAnswers = new WeakMap<FlikSocket, number>();
  // Every event may cost the database (a post's access check, a seen mark): one member flooding them
  // would hold up everyone's requests, so past the budget an event is refused before any handler.
  const events = createRateWindow(options.eventsPerWindow, { windowMs: EVENT_WINDOW_MS });
  const warned = createRateWindow(1, { windowMs: EVENT_WINDOW_MS });
  let closing = false;

  io.on("connection", (socket) => {
    const { userId, sessionId } = socket.data;
    // Joined first, so a feature's registrar already finds the socket in its member's room.
    socket.join([rooms.user(userId), rooms.session(sessionId), ...(admittedRooms.get(socket) ?? [])]);
    admittedRooms.delete(socket);
    socket.use((packet, next) => {
      ackInItsPlace(packet);
      const [event, ...args] = packet;
      const ack = args.at(-1);
      if ((FREE_EVENTS.has(event) && !Array.isArray(args[0])) || events.take(userId)) {
        if (socket.listeners(event as keyof ClientToServerEvents).length > 0) return next();
        // An event no feature listens to would leave a client waiting on its acknowledgement for ever.
        if (typeof ack === "function") ack({ ok: false, error: UNKNOWN_EVENT, status: 404 });
        return;
      }
      if (typeof ack === "function") ack({ ok: false, error: TOO_MANY_EVENTS, status: 429 });
      if (warned.take(userId))
        options.log.warn({ userId, event }, "socket events refused: over the member's budget");
    });
    for (const register of registrars) register(socket);
    let quietAnswered = false;
    socket.on("joinUser", (requested, ack) => {
      const ok = idOf(requested) === userId;
      if (ok) socket.join(rooms.user(userId));
      if (typeof ack !== "function") return;
      if (!ok) return ack({ ok, error: "You can only join your own room", status: 403 });
      // Said once per connection (what a connect's catch-up needs), over the rooms the client's features
      // hear through; an event kept from the member (a blocked member's, sent `except` them) counts for
      // nothing in it (quiet-rooms), so it never tells them one happened.
      if (!quietRooms || quietAnswered) return ack({ ok });
      quietAnswered = true;
      const quietForMs = quietRooms.quietFor([rooms.user(userId), rooms.session(sessionId)], socket.rooms);
      ack({ ok, quietForMs: Math.floor(quietForMs) });
    });
  });

  return {
    io,
    authenticateWith(authenticate) {
      io.use(async (socket, next) => {
        const token: unknown = socket.handshake.auth?.token;
        const userId = socket.handshake.query.userId;
        if (typeof token !== "string" || token === "") return next(new Error("unauthorized"));
        try {
          const caller = await authenticate(token);
          if (!caller) return next(new Error("unauthorized"));
          if (idOf(userId) !== caller.userId) return next(new Error("forbidden"));
          socket.data = caller;
          const extra = await Promise.all(roomProviders.map((roomsOf) => roomsOf(caller)));
          admittedRooms.set(socket, extra.flat());
          next();
        } catch (error) {
          options.log.error({ err: error }, "socket authentication failed");
          next(new Error("unavailable"));
        }
      });
    },
    onConnection(register) {
      registrars.push(register);
    },
    quietFor(socket, roomNames) {
      const answered = quietAnswers.get(socket) ?? 0;
      if (!quietRooms || answered >= QUIET_ANSWERS_PER_CONNECTION) return undefined;
      quietAnswers.set(socket, answered + 1);
      return Math.floor(quietRooms.quietFor(roomNames, socket.rooms));
    },
    joinOnConnect(roomsOf) {
      roomProviders.push(roomsOf);
    },
    endSessions(sessionIds, reason) {
      if (sessionIds.length === 0) return;
      const targets = sessionIds.map(rooms.session);
      if (reason) io.to(targets).emit("sessionRevoked", { reason });
      else io.to(targets).emit("sessionRevoked");
      io.in(targets).disconnectSockets(true);
    },
    get closing() {
      return closing;
    },
    closeConnections() {
      closing = true;
      // Not `disconnectSockets`: socket.io-client never comes back after a disconnect by the server, which
      // is kept for revoked sessions (`endSessions`).
      io.engine.close();
    },
    async close() {
      closing = true;
      // Stop answering other nodes' requests first: a reply published on a closed client fails unhandled.
      // A request already being answered still publishes its reply, so it gets a moment to do so.
      if (redisClients.length > 0) {
        await io.of("/").adapter.close();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await Promise.all(redisClients.map((client) => client.quit()));
    },
  };
}

/** Marks the rooms of every event this node sends (any of its features, however addressed). */
function listenForQuiet(io: FlikIo): QuietRooms {
  // How far back a join's answer can say its rooms were quiet (joinUser's, joinPostRoom's).
  const quietRooms = createQuietRooms({ windowMs: QUIET_FOR_MAX_MS });
  const adapter = io.of("/").adapter;
  const broadcast = adapter.broadcast.bind(adapter);
  adapter.broadcast = (packet, opts) => {
    quietRooms.heard(opts.rooms, opts.except);
    broadcast(packet, opts);
  };
  return quietRooms;
}

/**
 * Several app nodes share rooms through Redis when REDIS_URL is set. The client and adapter are loaded
 * only then: a single node never needs them, and loading them was a tenth of its start (issue 12).
 */
async function useRedisAdapter(io: FlikIo, url: string, channel: string, log: FastifyBaseLogger) {
  const [{ createClient }, { createAdapter }] = await Promise.all([
    import("redis"),
    import("@socket.io/redis-adapter"),
  ]);
  const publisher = createClient({ url });
  const subscriber = publisher.duplicate();
  for (const client of [publisher, subscriber]) {
    client.on("error", (error) => log.error({ err: error }, "redis connection error"));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);
  io.adapter(createAdapter(publisher, subscriber, { key: channel }));
  return [publisher, subscriber];
}

/** Which of these members have a socket open, on any app node (through the adapter). */
export async function onlineAmong(io: FlikIo, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const sockets = await io.in(userIds.map(rooms.user)).fetchSockets();
  return new Set(sockets.map((socket) => socket.data.userId));
}
