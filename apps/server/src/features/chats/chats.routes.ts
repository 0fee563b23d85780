import { createChatBody, editMessageBody, pageQuery, renameChatBody, sendMessageBody } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idSchema } from "../../platform/ids.js";
import { JSON_TEXT } from "../../platform/kept-answers.js";
import { perMemberRateLimit } from "../../platform/rate-limits.js";
import type { ChatsService } from "./chats.service.js";

const chatParams = { params: z.object({ id: idSchema("Chat not found") }) };
const messageParams = { params: z.object({ id: idSchema("Message not found") }) };
/** Each rename is told to every member who lists the group (up to 50): a member's are few. */
const GROUP_RENAMES_PER_MINUTE = 10;

/** The chats and messages calls of spec §7. */
export function chatsRoutes(chats: ChatsService): FastifyPluginAsyncZod {
  return async (app) => {
    // Kept answers are JSON text already: sent as they are.
    app.get("/chats", async (request, reply) => reply.type(JSON_TEXT).send(await chats.list(request.caller)));
    app.post("/chats", { schema: { body: createChatBody } }, async (request, reply) => {
      const { chat, created } = await chats.create(request.caller, request.body);
      return reply.status(created ? 201 : 200).send({ chat });
    });
    // An extension (issue 16): a chat from someone the member doesn't follow waits in their requests.
    app.post("/chats/:id/accept", { schema: chatParams }, async (request) => ({
      chat: await chats.accept(request.caller, request.params.id),
    }));
    app.delete("/chats/:id", { schema: chatParams }, async (request) => {
      await chats.remove(request.caller, request.params.id);
      return { message: "Chat deleted" };
    });
    // An extension: a member leaves a group (the last one out deletes it).
    app.post("/chats/:id/leave", { schema: chatParams }, async (request) => {
      await chats.leave(request.caller, request.params.id);
      return { message: "You left the group" };
    });
    // An extension: any member of a group renames it, as on Instagram.
    app.patch(
      "/chats/:id",
      {
        schema: { ...chatParams, body: renameChatBody },
        config: perMemberRateLimit(GROUP_RENAMES_PER_MINUTE),
      },
      async (request) => ({ chat: await chats.rename(request.caller, request.params.id, request.body.name) }),
    );
    app.get(
      "/chats/:id/messages",
      { schema: { ...chatParams, querystring: pageQuery } },
      async (request, reply) =>
        reply.type(JSON_TEXT).send(await chats.messages(request.caller, request.params.id, request.query)),
    );
    app.post(
      "/chats/:id/messages",
      { schema: { ...chatParams, body: sendMessageBody } },
      async (request, reply) =>
        reply
          .status(201)
          .send({ message: await chats.send(request.caller, request.params.id, request.body) }),
    );

    app.get("/messages/unread-count", async (request) => ({
      count: await chats.unreadCount(request.caller),
    }));
    app.put(
      "/messages/:chatId/mark-seen",
      { schema: { params: z.object({ chatId: idSchema("Chat not found") }) } },
      async (request) => {
        const { seenAt } = await chats.markSeen(request.caller, request.params.chatId);
        return { message: "Messages marked as seen", seenAt };
      },
    );
    app.put("/messages/:id", { schema: { ...messageParams, body: editMessageBody } }, async (request) => ({
      message: await chats.edit(request.caller, request.params.id, request.body),
    }));
    app.delete("/messages/:id", { schema: messageParams }, async (request) => {
      await chats.deleteMessage(request.caller, request.params.id);
      return { message: "Message deleted" };
    });
  };
}
