import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { ApiError } from "../../../lib/api-client";
import { useSocket } from "../../realtime/socket-provider";
import { sendChatMessage } from "../api/chat-socket";
import { applyNewMessage } from "../cache/chat-cache";
import { changeOutbox, useOutboxEntries } from "../state/outbox";

/** A message shown before the server has it (spec §4: a temporary local message). */
export interface PendingMessage {
  clientId: string;
  chatId: string;
  text: string;
  createdAt: string;
  status: "sending" | "failed";
  /**
   * Why the server refused it (a block, a member's "who can message you"): it stands in for the message
   * box until there is news that it may no longer hold (`liftRefusals`); Retry asks the server again.
   */
  refused?: string;
  /** Why this try failed when the server said so and a retry may mend it ("sending messages too fast"). */
  reason?: string;
}

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

/**
 * The refusals of `chatId` (of every chat without one) may no longer hold: the partner accepted, wrote or
 * read (so a block or "who can message you" may have gone), or the member's own blocks changed. Their
 * messages stay "Not sent" with Retry, and the message box comes back; the server judges the next send.
 */
export function liftRefusals(queryClient: QueryClient, chatId?: string): void {
  const lifted = (p: PendingMessage) =>
    p.refused !== undefined && (chatId === undefined || p.chatId === chatId);
  changeOutbox(queryClient, (list) =>
    list.some(lifted) ? list.map((p) => (lifted(p) ? { ...p, refused: undefined } : p)) : list,
  );
}

/** The server's words for a failure a later retry may mend: too many messages at once (429). */
function retryableReasonOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 429 ? error.body?.message : undefined;
}

/**
 * The member's unsent messages, per chat (state/outbox: they outlive the screen). Each shows at once;
 * the server's copy (matched by clientId) replaces it, and a failed one stays with a retry that reuses
 * its clientId, so it is never stored twice.
 */
export function useOutbox() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const pending = useOutboxEntries();
  // A refusal (a block, "who can message you") stands for this visit of the chat screen at most: by the
  // next the member may have been unblocked or followed back, and the server judges again.
  useEffect(
    () => () => changeOutbox(queryClient, (list) => list.filter((entry) => entry.refused === undefined)),
    [queryClient],
  );

  const deliver = useCallback(
    async (entry: PendingMessage) => {
      try {
        const message = await sendChatMessage(socket, entry);
        applyNewMessage(queryClient, message, false);
        changeOutbox(queryClient, (list) => list.filter((p) => p.clientId !== entry.clientId));
      } catch (error) {
        // A refusal stands until the server answers otherwise: a retry lost on the way (the network,
        // no answer) keeps the one it had.
        const answered = error instanceof ApiError;
        const refused = answered ? refusalOf(error) : entry.refused;
        const reason = refused ? undefined : retryableReasonOf(error);
        changeOutbox(queryClient, (list) =>
          list.map((p) => (p.clientId === entry.clientId ? { ...p, status: "failed", refused, reason } : p)),
        );
      }
    },
    [socket, queryClient],
  );

  const send = useCallback(
    (chatId: string, text: string) => {
      const entry: PendingMessage = {
        clientId: crypto.randomUUID(),
        chatId,
        text,
        createdAt: new Date().toISOString(),
        status: "sending",
      };
      changeOutbox(queryClient, (list) => [...list, entry]);
      void deliver(entry);
    },
    [deliver, queryClient],
  );

  const retry = useCallback(
    (clientId: string) => {
      const entry = pending.find((p) => p.clientId === clientId);
      if (!entry) return;
      // A refusal stands while the server is asked again: its answer keeps it, or lifts it.
      changeOutbox(queryClient, (list) =>
        list.map((p) => (p.clientId === clientId ? { ...p, status: "sending", reason: undefined } : p)),
      );
      void deliver({ ...entry, status: "sending", reason: undefined });
    },
    [pending, deliver, queryClient],
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
