import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { serverNow } from "../../../lib/server-clock";
import { getUserId } from "../../../lib/storage";
import { useSocket } from "../../realtime/socket-provider";
import { findCachedChat } from "../cache/chat-cache";
import { chatPartner } from "../chat-format";
import { changeOutbox, outboxEntries, restoreOutbox, useOutboxEntries } from "../state/outbox";
import { CANT_MESSAGE_TEXT, deliver, sendWaiting, sendWhenBack } from "./outbox-delivery";

/** A message shown before the server has it (spec §4: a temporary local message). */
export interface PendingMessage {
  clientId: string;
  chatId: string;
  text: string;
  createdAt: string;
  /**
   * "sending" while on its way; "waiting" while there is no way to the server (offline), to be sent when
   * the connection is back (`sendWaiting`); "failed" once refused or unanswered on a live connection.
   * Both of the first show as "Sending…".
   */
  status: "sending" | "waiting" | "failed";
  /**
   * Why the server refused it (a block, a member's "who can message you"): it stands in for the message
   * box until there is news that it may no longer hold (`liftRefusals`); Retry asks the server again.
   */
  refused?: string;
  /** Why this try failed when the server said so and a retry may mend it ("sending messages too fast"). */
  reason?: string;
}

function liftWhere(queryClient: QueryClient, lifted: (entry: PendingMessage) => boolean): void {
  changeOutbox(queryClient, (list) =>
    list.some(lifted) ? list.map((p) => (lifted(p) ? { ...p, refused: undefined } : p)) : list,
  );
}

/**
 * The refusals of `chatId` (of every chat without one) may no longer hold: the partner accepted, wrote or
 * read (so a block or "who can message you" may have gone), the member's own blocks changed, or the
 * member opened the chat again. Their messages stay "Not sent" with Retry, and the message box comes
 * back; the server judges the next send.
 */
export function liftRefusals(queryClient: QueryClient, chatId?: string): void {
  liftWhere(queryClient, (p) => p.refused !== undefined && (chatId === undefined || p.chatId === chatId));
}

/**
 * These members are online as the server tells it, which it never does between two members where either
 * blocked the other (chats.presence): a block that refused the member's message in a one-to-one chat with
 * one of them has ended. This is how a blocked member hears of an unblock, as they never heard of the
 * block; presence comes back with it. A refusal of another kind (the partner's "who can message you")
 * says nothing of presence, and stands.
 */
export function liftBlockRefusals(queryClient: QueryClient, onlineIds: readonly string[]): void {
  if (onlineIds.length === 0) return;
  const online = new Set(onlineIds);
  const viewerId = getUserId() ?? "";
  liftWhere(queryClient, (p) => {
    if (p.refused !== CANT_MESSAGE_TEXT) return false;
    const chat = findCachedChat(queryClient, p.chatId);
    const partner = chat && chatPartner(chat, viewerId);
    return partner !== undefined && online.has(partner._id);
  });
}

/**
 * The member's unsent messages, per chat (state/outbox: they outlive the screen). Each shows at once;
 * the server's copy (matched by clientId) replaces it, and a failed one stays with a retry that reuses
 * its clientId, so it is never stored twice. One written offline waits for the connection
 * (outbox-delivery).
 */
export function useOutbox() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const pending = useOutboxEntries();
  // A refusal (a block, "who can message you") stands for this visit of the chat screen at most: by the
  // next the member may have been unblocked or followed back, and the server judges again. A refused
  // message asked again and still on its way (or waiting for the connection) goes on, without it.
  useEffect(
    () => () =>
      changeOutbox(queryClient, (list) =>
        list
          .filter((entry) => entry.refused === undefined || entry.status !== "failed")
          .map((entry) => (entry.refused === undefined ? entry : { ...entry, refused: undefined })),
      ),
    [queryClient],
  );
  // What a reload interrupted is sent once the connection is there, wherever the member is by then.
  useEffect(() => {
    restoreOutbox(queryClient);
    if (!socket || !outboxEntries(queryClient).some((p) => p.status === "waiting")) return;
    sendWhenBack(socket, queryClient);
    if (socket.connected) void sendWaiting(socket, queryClient);
  }, [socket, queryClient]);

  const send = useCallback(
    (chatId: string, text: string) => {
      // Behind messages of the chat still waiting for the connection, it waits too: never ahead of them.
      const behind = outboxEntries(queryClient).some((p) => p.chatId === chatId && p.status === "waiting");
      const entry: PendingMessage = {
        clientId: crypto.randomUUID(),
        chatId,
        text,
        createdAt: new Date(serverNow()).toISOString(),
        status: behind ? "waiting" : "sending",
      };
      changeOutbox(queryClient, (list) => [...list, entry]);
      if (!behind) return void deliver(socket, queryClient, entry);
      sendWhenBack(socket, queryClient);
      if (socket?.connected) void sendWaiting(socket, queryClient);
    },
    [socket, queryClient],
  );

  const retry = useCallback(
    (clientId: string) => {
      const entry = pending.find((p) => p.clientId === clientId);
      if (!entry) return;
      // A refusal stands while the server is asked again: its answer keeps it, or lifts it.
      changeOutbox(queryClient, (list) =>
        list.map((p) => (p.clientId === clientId ? { ...p, status: "sending", reason: undefined } : p)),
      );
      void deliver(socket, queryClient, { ...entry, status: "sending", reason: undefined });
    },
    [pending, socket, queryClient],
  );

  /** A message that was not sent, taken away unsent (never one still on its way). */
  const discard = useCallback(
    (clientId: string) =>
      changeOutbox(queryClient, (list) =>
        list.filter((p) => p.clientId !== clientId || p.status !== "failed"),
      ),
    [queryClient],
  );

  return { pending, send, retry, discard };
}

export type Outbox = ReturnType<typeof useOutbox>;
