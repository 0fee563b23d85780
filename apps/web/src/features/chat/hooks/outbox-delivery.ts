import type { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import type { FlikSocket } from "../../../lib/socket";
import { sendChatMessage } from "../api/chat-socket";
import { applyNewMessage } from "../cache/chat-cache";
import { changeOutbox, outboxEntries } from "../state/outbox";
import type { PendingMessage } from "./use-outbox";

/** What the server says when a block stands between the members of a one-to-one chat. */
export const CANT_MESSAGE_TEXT = "You can't message this account";

/**
 * Why the server refused a message (a block, a member who takes messages only from people they follow):
 * a 403, over HTTP or in the socket's acknowledgement. None for what a retry may mend by itself (429).
 */
export function refusalOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 403
    ? (error.body?.message ?? CANT_MESSAGE_TEXT)
    : undefined;
}

/** The server's words for a failure a later retry may mend: too many messages at once (429). */
function retryableReasonOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 429 ? error.body?.message : undefined;
}

function update(queryClient: QueryClient, clientId: string, change: Partial<PendingMessage>): void {
  changeOutbox(queryClient, (list) => list.map((p) => (p.clientId === clientId ? { ...p, ...change } : p)));
}

/**
 * Sends one message of the outbox and records how it went. The server's copy takes its place; a refusal
 * or a failure on a live connection leaves it "Not sent" with Retry. One that found no way to the server
 * (the network down, the connection lost before the answer) waits for the socket's next connect instead
 * (`sendWaiting`), as Instagram and WhatsApp keep a message written offline: the server may have stored
 * it, but the same clientId answers that copy, never a second.
 */
export async function deliver(
  socket: FlikSocket | null,
  queryClient: QueryClient,
  entry: PendingMessage,
): Promise<void> {
  const overLiveConnection = socket?.connected === true;
  try {
    const message = await sendChatMessage(socket, entry);
    applyNewMessage(queryClient, message, false);
    changeOutbox(queryClient, (list) => list.filter((p) => p.clientId !== entry.clientId));
  } catch (error) {
    const answered = error instanceof ApiError;
    // A live connection that stays up without answering is a failure; a browser offline, or a connection
    // lost during the send (it comes back by itself), is not. A socket that never connected while the
    // browser is online (a proxy refusing websockets) gives the next connect nothing to wait for: Retry.
    const lostOnTheWay = overLiveConnection && !socket?.connected;
    if (!answered && (!navigator.onLine || lostOnTheWay)) {
      update(queryClient, entry.clientId, { status: "waiting" });
      sendWhenBack(socket, queryClient);
      // The socket came back while HTTP was trying: nothing else will send it.
      if (socket?.connected) void sendWaiting(socket, queryClient);
      return;
    }
    // A refusal stands until the server answers otherwise: a retry lost on the way (no answer on a live
    // connection) keeps the one it had.
    const refused = answered ? refusalOf(error) : entry.refused;
    const reason = refused ? undefined : retryableReasonOf(error);
    update(queryClient, entry.clientId, { status: "failed", refused, reason });
  }
}

/** The sockets that send what waits on each of their connects (until the logout drops their listeners). */
const watched = new WeakSet<FlikSocket>();

/**
 * Has the member's socket send the waiting messages on each connect, on whatever screen the member is by
 * then: listened for here, from the first message that waits, so the feed's first load carries none of
 * this (a message can only wait once the chat screen was open).
 */
export function sendWhenBack(socket: FlikSocket | null, queryClient: QueryClient): void {
  if (!socket || watched.has(socket)) return;
  watched.add(socket);
  socket.on("connect", () => void sendWaiting(socket, queryClient));
}

/** The clients whose waiting messages are being sent: one run at a time, or one could overtake another. */
const sending = new WeakSet<QueryClient>();

/**
 * Sends the messages that waited for the connection, one at a time, oldest first, so that each chat's
 * arrive in the order they were written; each goes once (a refused one is "Not sent" with Retry). Stops
 * if the connection goes again: what is left waits for the next connect.
 */
export async function sendWaiting(socket: FlikSocket, queryClient: QueryClient): Promise<void> {
  if (sending.has(queryClient)) return;
  sending.add(queryClient);
  const nextWaiting = () => outboxEntries(queryClient).find((p) => p.status === "waiting");
  try {
    for (let next = nextWaiting(); next && socket.connected; next = nextWaiting()) {
      update(queryClient, next.clientId, { status: "sending" });
      await deliver(socket, queryClient, { ...next, status: "sending" });
    }
  } finally {
    sending.delete(queryClient);
  }
}
