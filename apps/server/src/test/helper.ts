import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { AuthResponse, ClientToServerEvents, ServerToClientEvents } from "@flik/shared";
import { io as connectSocket, type Socket } from "socket.io-client";
import { afterAll } from "vitest";
import { type App, buildApp } from "../app.js";
import { CHANGES_CHANNEL } from "../db/change-announcements.js";
import type { Database } from "../db/database.js";
import type { Config, MailConfig, MediaConfig, SmsConfig } from "../platform/config.js";
import { openTestDatabase } from "./database.js";
import { tempDir } from "./temp-dir.js";

/** Settings a test changes; of the media host, only those it names. */
export type TestSettings = Partial<Omit<Config, "media" | "mail" | "sms">> & {
  media?: Partial<MediaConfig>;
  mail?: Partial<MailConfig>;
  sms?: Partial<SmsConfig>;
};

export function testConfig(overrides: TestSettings = {}): Config {
  return {
    port: 0,
    host: "127.0.0.1",
    dataDir: null,
    databaseUrl: undefined,
    redisUrl: undefined,
    // Each test app its own channels, so nodes of other test files never answer (or stall) its requests.
    redisChannel: `flik-test-${randomBytes(4).toString("hex")}`,
    jwtSecret: randomBytes(32).toString("hex"),
    publicUrl: undefined,
    logLevel: "silent",
    logFormat: "json",
    trustProxy: false,
    authRateLimit: 1000,
    messageRateLimit: 1000,
    searchRateLimit: 1000,
    commentRateLimit: 10_000,
    shareRateLimit: 10_000,
    followRateLimit: 10_000,
    socketEventLimit: 10_000,
    messagesInFlight: 100,
    keptAnswersMb: 64,
    webDist: "/nonexistent",
    oidc: null,
    ...overrides,
    media: {
      dir: tempDir("media"),
      preset: "flik",
      imageMaxBytes: 15 * 1024 * 1024,
      videoMaxBytes: 100 * 1024 * 1024,
      maxPixels: 50_000_000,
      imageDecodes: 2,
      imageQueue: 4,
      videoMaxSeconds: 180,
      videoTranscodes: 1,
      ...overrides.media,
    },
    mail: {
      smtpUrl: undefined,
      from: "Flik <no-reply@flik.test>",
      supportEmail: undefined,
      ...overrides.mail,
    },
    sms: { webhookUrl: undefined, webhookAuthorization: undefined, ...overrides.sms },
  };
}

/** Every SQL statement the test apps of this file sent, in order. */
export const sqlLog: string[] = [];
/** The same statements with their parameters. */
export const statementLog: { sql: string; params: unknown[] }[] = [];

/** The databases of the test apps of this file, to wait for their announcements. */
const databasesOfThisFile = new Set<Database>();

/**
 * Resolves once the test apps have heard every change announcement committed so far. PostgreSQL hears
 * them on a connection of its own, after the statement that made them has answered; one that arrives
 * late would forget a kept session or answer in the middle of a measured request. A marker announced now
 * arrives after them all (notifications come in commit order).
 */
export async function announcementsHeard(): Promise<void> {
  await Promise.all([...databasesOfThisFile].map(hearMarker));
}

async function hearMarker(database: Database) {
  const { announcements } = database;
  if (!announcements.live) return;
  const marker = `heard:${randomBytes(8).toString("hex")}`;
  let stopListening = () => {};
  // A lost listening connection (`null`) forgets everything anyway: nothing later can arrive late.
  const heard = new Promise<void>((resolve) => {
    stopListening = announcements.subscribe((announcement) => {
      if (announcement === marker || announcement === null) resolve();
    });
  });
  try {
    await database.executeSql("select pg_notify($1, $2)", [CHANGES_CHANNEL, marker]);
    await heard;
  } finally {
    stopListening();
  }
}

/** How many SQL statements `action` caused, once earlier changes' announcements are heard. */
export async function countQueries(action: () => Promise<unknown>): Promise<number> {
  await announcementsHeard();
  const before = sqlLog.length;
  await action();
  return sqlLog.length - before;
}

/**
 * The fewest SQL statements a read (`action`, asked again each time) caused in `tries` tries: what the
 * read costs, for comparing the same list at two page sizes. What a node keeps (a session, an account,
 * a member's follows) lapses on the clock and is read again by whichever request comes then, and the
 * session's last-active touch comes once a minute: on a busy machine one of them may fall in a measured
 * request. A cost per row shows in every try.
 */
export async function fewestQueries(action: () => Promise<unknown>, tries = 2): Promise<number> {
  let fewest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < tries; i++) fewest = Math.min(fewest, await countQueries(action));
  return fewest;
}

/** The session's last-active touch: it comes once a minute of the wall clock, not with a request. */
export const sessionTouch = /^update "sessions" set "last_active_at"/;

/**
 * The SQL statements `action` sent, leaving out the session's last-active touch (a slow enough machine
 * lets a minute pass during any request). Earlier changes' announcements are heard first: one arriving
 * during the action would forget what it is measured reading from memory.
 */
export async function statementsOf(action: () => Promise<unknown>): Promise<string[]> {
  await announcementsHeard();
  const before = sqlLog.length;
  await action();
  return sqlLog.slice(before).filter((statement) => !sessionTouch.test(statement));
}

/** The whole app on a fresh database, closed after the test file. */
export async function buildTestApp(
  overrides: TestSettings = {},
  options: Omit<NonNullable<Parameters<typeof buildApp>[1]>, "database"> = {},
): Promise<App> {
  const database = await openTestDatabase((sql, params) => {
    sqlLog.push(sql);
    statementLog.push({ sql, params });
  });
  const built = await buildApp(testConfig(overrides), { ...options, database });
  databasesOfThisFile.add(database);
  afterAll(async () => {
    databasesOfThisFile.delete(database);
    await built.app.close();
    await database.close();
  });
  return built;
}

/** Named personas, as the tests of our model codebases use them. */
export const personas = {
  alice: {
    fullName: "Alice Liddell",
    username: "alice",
    email: "alice@example.com",
    password: "wonderland-42",
  },
  bob: { fullName: "Bob Marley", username: "bob", email: "bob@example.com", password: "three-little-birds" },
  carol: {
    fullName: "Carol Danvers",
    username: "carol",
    email: "carol@example.com",
    password: "higher-further",
  },
  dan: { fullName: "Dan Brown", username: "dan", email: "dan@example.com", password: "da-vinci-code" },
  erin: { fullName: "Erin Hannon", username: "erin", email: "erin@example.com", password: "dunder-mifflin" },
  frank: {
    fullName: "Frank Ocean",
    username: "frank",
    email: "frank@example.com",
    password: "channel-orange",
  },
  gina: { fullName: "Gina Linetti", username: "gina", email: "gina@example.com", password: "nine-nine-nine" },
  hank: {
    fullName: "Hank Hill",
    username: "hank",
    email: "hank@example.com",
    password: "propane-and-accessories",
  },
} as const;
export type PersonaName = keyof typeof personas;
export interface Persona {
  fullName: string;
  username: string;
  email: string;
  password: string;
}

export interface SignedIn {
  token: string;
  userId: string;
  sessionId: string;
  headers: { authorization: string };
}

export async function signUp({ app }: App, persona: Persona) {
  const response = await app.inject({ method: "POST", url: "/api/auth/signup", payload: persona });
  if (response.statusCode !== 201) throw new Error(`sign-up of ${persona.username} failed: ${response.body}`);
}

export async function signIn({ app }: App, persona: Persona, userAgent = "vitest"): Promise<SignedIn> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/signin",
    headers: { "user-agent": userAgent },
    payload: { identifier: persona.username, password: persona.password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${persona.username} failed: ${response.body}`);
  const { token, user } = response.json<AuthResponse>();
  return {
    token,
    userId: user.id,
    sessionId: sessionIdOf(token),
    headers: { authorization: `Bearer ${token}` },
  };
}

export async function signUpAndIn(built: App, persona: Persona) {
  await signUp(built, persona);
  return signIn(built, persona);
}

export function sessionIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
  return payload.sid;
}

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Starts listening on a random port (once) and returns the base URL, for real socket clients. */
export async function listen({ app }: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A real Socket.IO client; resolves once connected, rejects with the server's refusal. */
export function connect(
  baseUrl: string,
  auth: { token?: string; userId?: string },
  sockets: TestSocket[] = [],
  /** Subscribes before connecting, for what the server sends the moment a socket connects. */
  beforeConnect?: (socket: TestSocket) => void,
): Promise<TestSocket> {
  const socket: TestSocket = connectSocket(baseUrl, {
    path: "/socket.io",
    transports: ["websocket"],
    auth: auth.token === undefined ? {} : { token: auth.token },
    query: auth.userId === undefined ? {} : { userId: auth.userId },
    reconnection: false,
    forceNew: true,
    // The test's own timeout is the limit, not the client's 20 s on a busy machine.
    timeout: 10 * 60_000,
    autoConnect: !beforeConnect,
  });
  sockets.push(socket);
  if (beforeConnect) {
    beforeConnect(socket);
    socket.connect();
  }
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The next payload of `event` on a socket. */
export function nextEvent<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => {
    socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => resolve(payload)) as never);
  });
}

/** Every payload of `event` a socket receives from now on, to assert that something did not arrive. */
export function collectEvents<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E) {
  const received: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => received.push(payload)) as never);
  return received;
}

/** A round trip to the server: events it sent before answering have arrived by then. */
export async function roundTrip(socket: TestSocket) {
  await socket.emitWithAck("joinUser", "ping");
}

/**
 * Every payload of `event` a socket receives from now on, to await one at a time: for what arrives in no
 * particular order or takes a while. It waits for the event itself, never for a clock; the test's own
 * timeout is the only limit.
 */
export function eventQueue<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E) {
  type Payload = Parameters<ServerToClientEvents[E]>[0];
  const received: Payload[] = [];
  let read = 0;
  let wake: (() => void) | undefined;
  socket.on(event, ((payload: Payload) => {
    received.push(payload);
    wake?.();
  }) as never);
  const next = async (): Promise<Payload> => {
    while (read >= received.length) await new Promise<void>((resolve) => (wake = resolve));
    return received[read++] as Payload;
  };
  return {
    received,
    /** The next payload not read yet. */
    next,
    /** Reads payloads until one matches `check`, and answers it. */
    async until(check: (payload: Payload) => boolean): Promise<Payload> {
      for (;;) {
        const payload = await next();
        if (check(payload)) return payload;
      }
    },
  };
}

/**
 * A listening app for real socket clients: `socketOf(member)` connects a member's socket; every socket
 * is closed after the test file.
 */
export async function realtimeBed(built: App) {
  const baseUrl = await listen(built);
  const sockets: TestSocket[] = [];
  afterAll(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  return {
    baseUrl,
    /** `beforeConnect` subscribes to what the server sends the moment the socket connects. */
    socketOf: (member: SignedIn, beforeConnect?: (socket: TestSocket) => void) =>
      connect(baseUrl, { token: member.token, userId: member.userId }, sockets, beforeConnect),
    /** A socket with any credentials, to see them refused. */
    connectWith: (auth: { token?: string; userId?: string }) => connect(baseUrl, auth, sockets),
    /** Whether this node has the socket in the room (`post:<id>`, …) now. */
    isInRoom: (socket: TestSocket, room: string) =>
      built.realtime.io
        .of("/")
        .adapter.rooms.get(room)
        ?.has(socket.id ?? "") === true,
  };
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Calls the API as a member through `inject`: `call(alice, "POST", "/posts", { ... })`. */
export function apiCaller({ app }: App) {
  return (member: SignedIn, method: Method, url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: member.headers, ...(payload && { payload }) });
}
