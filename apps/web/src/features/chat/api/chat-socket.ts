import type { ChatAck, Message } from "@flik/shared";
import { ApiError } from "../../../lib/api-client";
import type { FlikSocket } from "../../../lib/socket";
import { postMessage } from "./chats.api";

/** How long a send waits for the server's acknowledgement before it shows "Not sent". */
export const SEND_ACK_TIMEOUT_MS = 10_000;

/**
 * The acknowledgement of what `send` emits. No answer comes once the connection is gone (a new one never
 * answers for the old), so a drop fails the wait at once rather than after SEND_ACK_TIMEOUT_MS: the
 * outbox then holds the message for the reconnect.
 */
function withAck<T>(socket: FlikSocket, send: (ack: ChatAck<T>) => void): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      socket.off("disconnect", onDisconnect);
    };
    const onDisconnect = () => {
      settle();
      reject(new Error("The connection was lost before the server answered"));
    };
    const timer = setTimeout(() => {
      settle();
      reject(new Error("No answer from the server"));
    }, SEND_ACK_TIMEOUT_MS);
    socket.on("disconnect", onDisconnect);
    send((result) => {
      settle();
      if (result.ok) resolve(result.message);
      // Refused as the same call over HTTP would be: the same error, so callers read one kind.
      else if (result.status) reject(new ApiError(result.status, { message: result.error }));
      else reject(new Error(result.error));
    });
  });
}

/**
 * Sends over the live connection (the quickest way to the other members) and falls back to HTTP while
 * it is down. Either way the same clientId stores one message, so a retry never doubles it.
 */
export async function sendChatMessage(
  socket: FlikSocket | null,
  { chatId, text, clientId }: { chatId: string; text: string; clientId: string },
): Promise<Message> {
  if (!socket?.connected) return postMessage(chatId, text, clientId);
  const message = await withAck<Message>(socket, (ack) =>
    socket.emit("sendMessage", { chatId, text, clientId }, ack),
  );
  if (!message) throw new Error("The server did not return the message");
  return message;
}
