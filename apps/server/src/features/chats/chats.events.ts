import { type Chat, type Message, rooms } from "@flik/shared";
import type { FlikIo } from "../../realtime/realtime.js";

/**
 * Message events go to every member's own room, so the list, the badges and every open tab stay live;
 * typing goes only to the chat's room (sockets.ts), the members who have it open.
 */
export function createChatEvents(io: FlikIo) {
  const toMembers = (memberIds: string[]) => io.to(memberIds.map(rooms.user));
  return {
    newMessage: (message: Message, memberIds: string[]) =>
      toMembers(memberIds).emit("newMessage", { message }),
    messageEdited: (message: Message, memberIds: string[]) =>
      toMembers(memberIds).emit("messageEdited", { message }),
    messageDeleted: (
      event: { chatId: string; messageId: string; lastMessage: Message | null },
      memberIds: string[],
    ) => toMembers(memberIds).emit("messageDeleted", event),
    messagesSeen: (event: { chatId: string; userId: string; seenAt: string }, memberIds: string[]) =>
      toMembers(memberIds).emit("messagesSeen", event),
    chatUpdated: (chat: Chat, memberIds: string[]) => toMembers(memberIds).emit("chatUpdated", { chat }),
    chatDeleted: (chatId: string, userId: string) =>
      io.to(rooms.user(userId)).emit("chatDeleted", { chatId }),
    /** New chat partners learn at once which of them are online (presence tells only partners). */
    async partnersOnline(memberIds: string[]) {
      const sockets = await io.in(memberIds.map(rooms.user)).fetchSockets();
      const online = [...new Set(sockets.map((socket) => socket.data.userId))];
      if (online.length > 0) toMembers(memberIds).emit("onlineUsers", { online, offline: [] });
    },
  };
}

export type ChatEvents = ReturnType<typeof createChatEvents>;
