import type { ServerToClientEvents } from "@flik/shared";
import type { App } from "../app.js";
import {
  type MemberKey,
  type OwnerKind,
  type PersonaKey,
  personaKeys,
  type World,
} from "./authorization-world.js";
import { connect, type SignedIn, type TestSocket } from "./helper.js";

/**
 * The machinery of the authorization matrix (authorization-matrix.test.ts): a row is a route (or a
 * socket event) and what it gives or does about the owner's things; its cells say, persona by persona,
 * what each must get. An outcome is a short text, so a failure shows the whole row at once:
 * - "200+" / "200-": answered 200, and the owner's thing is / is not in the answer (anywhere in it);
 * - "404", "403", "401", "201"...: the status alone;
 * - "200 following" / "200 requested": a follow's answer;
 * - sockets: "heard" / "-" (proven not received: see `LiveBed.heard`), "joined" / "refused" for a
 *   room's acknowledgement, "ok" / "refused" for a send's, "no socket" for the signed-out visitor, whose
 *   socket is refused at the handshake.
 */

/** One outcome per persona, in the order of `personaKeys`. */
export type Cells = readonly [
  owner: string,
  follower: string,
  stranger: string,
  requester: string,
  blocked: string,
  blocker: string,
  visitor: string,
];

export type Expected = Record<OwnerKind, Cells>;

/** The same cells for the public and the private owner. */
export const both = (cells: Cells): Expected => ({ public: cells, private: cells });

/** Cells keyed by persona, so a failing row reads as a table row. */
export const byPersona = (cells: readonly string[]) =>
  Object.fromEntries(personaKeys.map((key, index) => [key, cells[index]]));

type Response = Awaited<ReturnType<App["app"]["inject"]>>;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A persona making requests: with their token, or none for the visitor. Every GET is kept for HEAD. */
export interface Who {
  key: PersonaKey;
  /** The signed-in member (the visitor has none). */
  member: SignedIn | undefined;
  call(method: Method, url: string, payload?: object): Promise<Response>;
  /** The GETs made, with their status, to ask again as HEAD. */
  gets: { url: string; status: number }[];
}

export function whoFor(built: App, world: World, key: PersonaKey): Who {
  const member = key === "visitor" ? undefined : world.members[key];
  const gets: Who["gets"] = [];
  return {
    key,
    member,
    gets,
    async call(method, url, payload) {
      const response = await built.app.inject({
        method,
        url,
        headers: member?.headers ?? {},
        ...(payload && { payload }),
      });
      if (method === "GET") gets.push({ url, status: response.statusCode });
      return response;
    },
  };
}

/** HEAD answers from the GET handler without a body: for each GET a persona made, the same status. */
export async function headStatuses(built: App, who: Who) {
  const statuses: string[] = [];
  for (const { url } of who.gets) {
    const response = await built.app.inject({ method: "HEAD", url, headers: who.member?.headers ?? {} });
    statuses.push(`HEAD ${url}: ${response.statusCode}`);
  }
  return statuses;
}

export const status = (response: Response) => String(response.statusCode);

/**
 * "200+" when the answer holds `found` (a unique text or id, anywhere in the body, or a check of the
 * body), "200-" when it does not, the status otherwise.
 */
export function shows(response: Response, found: string | ((body: never) => boolean)): string {
  if (response.statusCode !== 200) return status(response);
  const seen = typeof found === "string" ? response.body.includes(found) : found(response.json() as never);
  return seen ? "200+" : "200-";
}

/** A route of the app: its method and URL as Fastify registered them ("GET /api/posts/:id"). */
export type Route = string;

/** A route about the owner's things, tried by every persona on both owners. */
export interface RouteCase {
  route: Route;
  about: string;
  expected: Expected;
  probe: (who: Who, world: World) => Promise<string>;
  /** The probe may change follows, requests or blocks: the world is put back after each persona. */
  settles?: boolean;
}

/** A route that touches no other member's things, with why; the visitor is asked. */
export interface Exemption {
  route: Route;
  reason: string;
  visitor: number;
  /** The visitor's request; by default the route's method on its URL (any `:param` a random uuid). */
  probe?: (visitor: Who, worlds: Record<OwnerKind, World>) => Promise<Response>;
}

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** Every server-to-client event any socket of the matrix received, to check the table knows them all. */
export const eventsSeen = new Set<string>();

/**
 * Real sockets of every signed-in persona (and the pal, a witness who hears what the owner does in
 * their chats), each recording everything it receives from the moment it connects.
 */
export interface LiveBed {
  sockets: Record<MemberKey, TestSocket>;
  witness: TestSocket;
  /** What the visitor's socket got: refused at the handshake ("no socket"). */
  visitor: string;
  /**
   * Per persona, whether their socket received `event` (matching `match`): "heard" or "-". Every socket
   * first makes a round trip to the server: whatever it sent them before answering has arrived by then,
   * so "-" is a proof, not a wait that ran out. Call it once the event was sent: after the request that
   * sends it answered, or the actor's own round trip (a socket event), or a witness heard it.
   */
  heard<E extends keyof ServerToClientEvents>(
    event: E,
    match?: (payload: Payload<E>) => boolean,
  ): Promise<Record<PersonaKey, string>>;
  /** What each member's socket's received `event` payloads were (after the same round trips). */
  received<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E): Promise<Payload<E>[]>;
  /** Asks each persona's socket something (an acknowledgement), the visitor getting `visitor`. */
  each(ask: (socket: TestSocket, key: MemberKey) => Promise<string>): Promise<Record<PersonaKey, string>>;
  /** Opens the socket of a persona the bed was opened without (`LiveCase.without`). */
  join(key: MemberKey): Promise<TestSocket>;
  /** Waits until `socket` has received `event` matching `match` (already, or from now on). */
  until<E extends keyof ServerToClientEvents>(
    socket: TestSocket,
    event: E,
    match: (payload: Payload<E>) => boolean,
  ): Promise<void>;
}

export async function openBed(
  baseUrl: string,
  world: World,
  options: { without?: MemberKey[] } = {},
): Promise<{ bed: LiveBed; close: () => void }> {
  const opened: TestSocket[] = [];
  const log = new Map<TestSocket, [string, unknown][]>();
  const open = (member: SignedIn) =>
    connect(baseUrl, { token: member.token, userId: member.userId }, opened, (socket) => {
      const events: [string, unknown][] = [];
      log.set(socket, events);
      socket.onAny((event: string, payload: unknown) => {
        eventsSeen.add(event);
        events.push([event, payload]);
      });
    });
  const arrived = (socket: TestSocket, event: string, match: (payload: never) => boolean) =>
    (log.get(socket) ?? []).some(([name, payload]) => name === event && match(payload as never));
  const sockets = {} as Record<MemberKey, TestSocket>;
  const keys = (["owner", "follower", "stranger", "requester", "blocked", "blocker"] as const).filter(
    (key) => !options.without?.includes(key),
  );
  for (const key of keys) sockets[key] = await open(world.members[key]);
  const witness = await open(world.pal);
  const visitor = await connect(baseUrl, {}, opened).then(
    () => "a socket!",
    (error: Error) => (error.message === "unauthorized" ? "no socket" : error.message),
  );
  const roundTrip = (socket: TestSocket) => socket.emitWithAck("joinUser", "ping");

  const bed: LiveBed = {
    sockets,
    witness,
    visitor,
    async received(socket, event) {
      await roundTrip(socket);
      return (log.get(socket) ?? [])
        .filter(([name]) => name === event)
        .map(([, payload]) => payload as never);
    },
    async heard(event, match = () => true) {
      const outcome = { visitor } as Record<PersonaKey, string>;
      for (const key of Object.keys(sockets) as MemberKey[]) {
        const payloads = await bed.received(sockets[key], event);
        outcome[key] = payloads.some(match) ? "heard" : "-";
      }
      return outcome;
    },
    async each(ask) {
      const outcome = { visitor } as Record<PersonaKey, string>;
      for (const key of Object.keys(sockets) as MemberKey[]) outcome[key] = await ask(sockets[key], key);
      return outcome;
    },
    async join(key) {
      sockets[key] = await open(world.members[key]);
      return sockets[key];
    },
    until(socket, event, match) {
      return new Promise<void>((resolve) => {
        const check = () => {
          if (!arrived(socket, event, match as never)) return;
          socket.offAny(check);
          resolve();
        };
        socket.onAny(check);
        check();
      });
    },
  };
  return {
    bed,
    close: () => {
      for (const socket of opened.splice(0)) socket.close();
    },
  };
}

/**
 * A socket event about the owner's things, tried on every persona with real sockets: one the server
 * `emits` (who receives it) or one it `answers` (what its acknowledgement says).
 */
export interface LiveCase {
  event: string;
  direction: "emits" | "answers";
  about: string;
  expected: Expected;
  scenario: (bed: LiveBed, world: World) => Promise<Record<PersonaKey, string>>;
  /** Personas whose sockets the scenario opens itself (`bed.join`), e.g. the owner coming online. */
  without?: MemberKey[];
  /** Runs before any socket of the case opens. */
  prepare?: (world: World) => Promise<void> | void;
}

/** In persona order, for comparing with the expected cells. */
export const inOrder = (outcome: Record<PersonaKey, string>) => personaKeys.map((key) => outcome[key]);
