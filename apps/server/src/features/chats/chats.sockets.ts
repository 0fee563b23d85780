import { editMessageBody, rooms, sendMessageBody } from "@flik/shared";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { HttpError, notFound } from "../../platform/errors.js";
import { idOf, idSchema } from "../../platform/ids.js";
import type { FlikSocket, Realtime } from "../../realtime/realtime.js";
import type { ChatsService } from "./chats.service.js";

type Ack = (result: { ok: true; message?: unknown } | { ok: false; error: string; status?: number }) => void;

const sendPayload = sendMessageBody.extend({ chatId: idSchema("Chat not found") });
const editPayload = editMessageBody.extend({ messageId: idSchema("Message not found") });
const deletePayload = z.object({ messageId: idSchema("Message not found") });
/** The payload fields that name a chat or a message: whatever is wrong with one, it names none. */
const idFields = new Set(["chatId", "messageId"]);
export const PAYLOAD_NOT_OBJECT_MESSAGE = "The event must carry an object";

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
          // As over HTTP: an id that is no id (not a uuid, or not even a string) names nothing, a 404;
          // any other bad field, a clientId too long included, a 400.
          const status = idFields.has(String(issue?.path[0])) ? 404 : 400;
          // The whole payload of the wrong kind (null, a text): zod's words name its types, not the fix.
          const notObject = issue?.path.length === 0 && issue.code === "invalid_type";
          return reply({
            ok: false,
            error: notObject ? PAYLOAD_NOT_OBJECT_MESSAGE : (issue?.message ?? "Invalid"),
            status,
          });
        }
        if (error instanceof HttpError)
          return reply({ ok: false, error: error.message, status: error.statusCode });
        log.error({ err: error, userId: socket.data.userId }, "chat event failed");
        reply({ ok: false, error: "Something went wrong on our side. Please try again.", status: 500 });
      },
    );
  }

  realtime.onConnection((socket) => {
    const caller = socket.data;
    /**
     * The joins being checked, by chat. A `leaveChat` that lands meanwhile takes its chat out, and the
     * check's end then joins nothing: a member who switched chats quickly is not put back in the one
     * they left. Holds only joins in flight, which the event budget bounds.
     */
    const joining = new Map<string, symbol>();

    /** Joins the chat's room if the member may use the chat; whether they may. */
    async function joinIfMember(chatId: string): Promise<boolean> {
      const attempt = Symbol(chatId);
      joining.set(chatId, attempt);
      const ok = await chats.canJoin(caller, chatId).catch((error: unknown) => {
        log.error({ err: error, userId: caller.userId, chatId }, "chat join check failed");
        return false;
      });
      const stillWanted = joining.get(chatId) === attempt;
      if (stillWanted) joining.delete(chatId);
      if (ok && stillWanted) await socket.join(rooms.chat(chatId));
      return ok;
    }

    /**
     * The chat's room, if the socket is in it, joining a member who types before `joinChat` (spec §7
     * does not make one wait for the other; the web app always joins first, so this costs it nothing).
     * Typing counts in the member's event budget, so its check is bounded as every join's is.
     */
    async function roomTypedInto(chatId: string): Promise<string | undefined> {
      const room = rooms.chat(chatId);
      if (!socket.rooms.has(room)) await joinIfMember(chatId);
      return socket.rooms.has(room) ? room : undefined;
    }

    socket.on("joinChat", async (asked, ack) => {
      const chatId = idOf(asked);
      const ok = chatId !== null && (await joinIfMember(chatId));
      if (typeof ack === "function") ack(ok ? { ok } : { ok, error: "Chat not found", status: 404 });
    });
    socket.on("leaveChat", async (asked, ack) => {
      const chatId = idOf(asked);
      if (chatId) {
        joining.delete(chatId);
        await socket.leave(rooms.chat(chatId));
      }
      // Leaving a room one is not in (or none) leaves one out of it all the same.
      if (typeof ack === "function") ack({ ok: true });
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
    socket.on("messagesSeen", (asked, ack) =>
      answer(socket, ack, async () => {
        const chatId = idOf(asked);
        if (!chatId) throw notFound("Chat not found");
        await chats.markSeen(caller, chatId);
      }),
    );

    /**
     * The last typing of each chat still being handled (its join checked). A stopTyping that lands
     * meanwhile waits for it, so the two reach the others in the order they were sent and no one is
     * left seeing "typing" until it expires. Holds only typings in flight, which the event budget bounds.
     */
    const typingInFlight = new Map<string, Promise<void>>();
    /** The typing in flight a chat's stopTyping already waits for: more stops behind it say nothing new. */
    const stopWaitsFor = new Map<string, Promise<void>>();

    /** The others in a chat's room, never a member blocked either way with the typist, in any chat. */
    const othersIn = (room: string) => socket.to(room).except(rooms.blockedWith(caller.userId));
    async function relayTyping(chatId: string) {
      const room = await roomTypedInto(chatId);
      if (room) othersIn(room).emit("typing", { chatId, userId: caller.userId, username: caller.username });
    }
    function relayStopTyping(chatId: string) {
      const room = rooms.chat(chatId);
      if (socket.rooms.has(room)) othersIn(room).emit("stopTyping", { chatId, userId: caller.userId });
    }

    socket.on("typing", (asked) => {
      const chatId = idOf(asked);
      if (!chatId) return;
      const handled = relayTyping(chatId).catch((error: unknown) =>
        log.error({ err: error, userId: caller.userId, chatId }, "typing failed"),
      );
      typingInFlight.set(chatId, handled);
      void handled.then(() => {
        if (typingInFlight.get(chatId) === handled) typingInFlight.delete(chatId);
      });
    });
    // Free of the event budget, so never a statement: a member who typed is in the room, or will be
    // once the typing in flight is handled.
    socket.on("stopTyping", (asked) => {
      const chatId = idOf(asked);
      if (!chatId) return;
      const typing = typingInFlight.get(chatId);
      if (!typing) return relayStopTyping(chatId);
      if (stopWaitsFor.get(chatId) === typing) return;
      stopWaitsFor.set(chatId, typing);
      void typing.then(() => {
        if (stopWaitsFor.get(chatId) === typing) stopWaitsFor.delete(chatId);
        relayStopTyping(chatId);
      });
    });
  });
}
