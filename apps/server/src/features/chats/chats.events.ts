import { type Chat, type Message, rooms } from "@flik/shared";
import type { FlikIo } from "../../realtime/realtime.js";

/**
 * Message events go to every member's own room, so the list, the badges and every open tab stay live;
 * typing goes only to the chat's room (sockets.ts), the members who have it open. What one member
 * does that is not a message (seen, typing, presence) never reaches a member blocked either way with
 * them; messages cannot pass between them at all in a one-to-one chat (chats.policy `canWriteIn`).
 */
/** A room no socket ever joins. */
const NOBODY = "nobody";

export function createChatEvents(io: FlikIo) {
  // Socket.IO reads `to([])` as "every socket": no members must mean a room nobody is in.
  const toMembers = (memberIds: string[]) => io.to(memberIds.length > 0 ? memberIds.map(rooms.user) : NOBODY);
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
      toMembers(memberIds).except(rooms.blockedWith(event.userId)).emit("messagesSeen", event),
    chatUpdated: (chat: Chat, memberIds: string[]) => toMembers(memberIds).emit("chatUpdated", { chat }),
    chatDeleted: (chatId: string, userId: string) =>
      io.to(rooms.user(userId)).emit("chatDeleted", { chatId }),
    /**
     * The member left the chat: their sockets leave its room on every node (no more typing) and their
     * other tabs drop it.
     */
    leftChat(chatId: string, userId: string) {
      io.in(rooms.user(userId)).socketsLeave(rooms.chat(chatId));
      io.to(rooms.user(userId)).emit("chatDeleted", { chatId });
    },
    /**
     * New chat partners learn at once which of them are online (presence tells only partners), each
     * member of the others not blocked either way with them (never of themselves): a socket is in
     * `blockedWith(id)` for every member `id` it is blocked with.
     */
    async partnersOnline(memberIds: string[]) {
      if (memberIds.length < 2) return;
      const sockets = await io.in(memberIds.map(rooms.user)).fetchSockets();
      const online = [...new Set(sockets.map((socket) => socket.data.userId))];
      for (const memberId of memberIds) {
        const theirs = sockets.find((socket) => socket.data.userId === memberId);
        const visible = online.filter((id) => id !== memberId && !theirs?.rooms.has(rooms.blockedWith(id)));
        if (theirs && visible.length > 0)
          io.to(rooms.user(memberId)).emit("onlineUsers", { online: visible, offline: [] });
      }
    },
  };
}

export type ChatEvents = ReturnType<typeof createChatEvents>;
