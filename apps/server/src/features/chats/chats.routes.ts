import { createChatBody, editMessageBody, pageQuery, sendMessageBody } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, requireCaller } from "../sessions/sessions.guard.js";
import type { SessionsService } from "../sessions/sessions.service.js";
import type { ChatsService } from "./chats.service.js";

const chatParams = { params: z.object({ id: z.uuid("Chat not found") }) };
const messageParams = { params: z.object({ id: z.uuid("Message not found") }) };

/** The chats and messages calls of spec §7. */
export function chatsRoutes(deps: { chats: ChatsService; sessions: SessionsService }): FastifyPluginAsyncZod {
  const { chats } = deps;
  return async (app) => {
    app.addHook("onRequest", requireCaller(deps.sessions));

    app.get("/chats", async (request) => ({ chats: await chats.list(callerOf(request)) }));
    app.post("/chats", { schema: { body: createChatBody } }, async (request, reply) => {
      const { chat, created } = await chats.create(callerOf(request), request.body);
      return reply.status(created ? 201 : 200).send({ chat });
    });
    app.delete("/chats/:id", { schema: chatParams }, async (request) => {
      await chats.remove(callerOf(request), request.params.id);
      return { message: "Chat deleted" };
    });
    app.get("/chats/:id/messages", { schema: { ...chatParams, querystring: pageQuery } }, (request) =>
      chats.messages(callerOf(request), request.params.id, request.query),
    );
    app.post(
      "/chats/:id/messages",
      { schema: { ...chatParams, body: sendMessageBody } },
      async (request, reply) =>
        reply
          .status(201)
          .send({ message: await chats.send(callerOf(request), request.params.id, request.body) }),
    );

    app.get("/messages/unread-count", async (request) => ({
      count: await chats.unreadCount(callerOf(request)),
    }));
    app.put(
      "/messages/:chatId/mark-seen",
      { schema: { params: z.object({ chatId: z.uuid("Chat not found") }) } },
      async (request) => {
        const { seenAt } = await chats.markSeen(callerOf(request), request.params.chatId);
        return { message: "Messages marked as seen", seenAt };
      },
    );
    app.put("/messages/:id", { schema: { ...messageParams, body: editMessageBody } }, async (request) => ({
      message: await chats.edit(callerOf(request), request.params.id, request.body),
    }));
    app.delete("/messages/:id", { schema: messageParams }, async (request) => {
      await chats.deleteMessage(callerOf(request), request.params.id);
      return { message: "Message deleted" };
    });
  };
}
