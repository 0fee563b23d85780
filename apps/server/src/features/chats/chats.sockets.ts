import { editMessageBody, rooms, sendMessageBody } from "@flik/shared";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { HttpError, notFound } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";
import type { FlikSocket, Realtime } from "../../realtime/realtime.js";
import type { ChatsService } from "./chats.service.js";

type Ack = (result: { ok: true; message?: unknown } | { ok: false; error: string; status?: number }) => void;

const sendPayload = sendMessageBody.extend({ chatId: z.uuid("Chat not found") });
const editPayload = editMessageBody.extend({ messageId: z.uuid("Message not found") });
const deletePayload = z.object({ messageId: z.uuid("Message not found") });

/**
 * The chat events of spec §7. Writes go through the same service as HTTP (stored, then acknowledged);
 * typing goes only to members who joined the chat's room, which only members can.
 */
export function registerChatSockets(realtime: Realtime, chats: ChatsService, log: FastifyBaseLogger) {
  /** Runs a chat action and answers its acknowledgement: the result, or why it was refused. */
  function answer(socket: FlikSocket, ack: unknown, action: () => Promise<unknown>) {
    const reply: Ack = typeof ack === "function" ? (ack as Ack) : () => {};
    action().then(
      (message) => reply(message === undefined ? { ok: true } : { ok: true, message }),
      (error: unknown) => {
        if (error instanceof z.ZodError) {
          const issue = error.issues[0];
          // As over HTTP: an id that is no id (a uuid's format) names nothing, a 404; any other bad
          // field, a clientId too long included, a 400.
          const status = issue?.code === "invalid_format" && issue.format === "uuid" ? 404 : 400;
          return reply({ ok: false, error: issue?.message ?? "Invalid", status });
        }
        if (error instanceof HttpError)
          return reply({ ok: false, error: error.message, status: error.statusCode });
        log.error({ err: error, userId: socket.data.userId }, "chat event failed");
        reply({ ok: false, error: "Something went wrong on our side. Please try again.", status: 500 });
      },
    );
  }

  const joined = (socket: FlikSocket, chatId: unknown): chatId is string =>
    typeof chatId === "string" && socket.rooms.has(rooms.chat(chatId));

  realtime.onConnection((socket) => {
    const caller = socket.data;

    socket.on("joinChat", async (chatId, ack) => {
      const ok = isUuid(chatId) && (await chats.canJoin(caller, chatId).catch(() => false));
      if (ok) await socket.join(rooms.chat(chatId));
      if (typeof ack === "function") ack({ ok });
    });
    socket.on("leaveChat", (chatId) => {
      if (typeof chatId === "string") socket.leave(rooms.chat(chatId));
    });

    socket.on("sendMessage", (payload, ack) =>
      answer(socket, ack, async () => {
        const { chatId, ...body } = sendPayload.parse(payload);
        return chats.send(caller, chatId, body);
      }),
    );
    socket.on("messageEdited", (payload, ack) =>
      answer(socket, ack, async () => {
        const { messageId, text } = editPayload.parse(payload);
        return chats.edit(caller, messageId, { text });
      }),
    );
    socket.on("messageDeleted", (payload, ack) =>
      answer(socket, ack, async () => {
        await chats.deleteMessage(caller, deletePayload.parse(payload).messageId);
      }),
    );
    socket.on("messagesSeen", (chatId, ack) =>
      answer(socket, ack, async () => {
        if (!isUuid(chatId)) throw notFound("Chat not found");
        await chats.markSeen(caller, chatId);
      }),
    );

    // Never to a member blocked either way with the typist (rooms.blockedWith), in any chat.
    socket.on("typing", (chatId) => {
      if (joined(socket, chatId))
        socket
          .to(rooms.chat(chatId))
          .except(rooms.blockedWith(caller.userId))
          .emit("typing", { chatId, userId: caller.userId, username: caller.username });
    });
    socket.on("stopTyping", (chatId) => {
      if (joined(socket, chatId))
        socket
          .to(rooms.chat(chatId))
          .except(rooms.blockedWith(caller.userId))
          .emit("stopTyping", { chatId, userId: caller.userId });
    });
  });
}
