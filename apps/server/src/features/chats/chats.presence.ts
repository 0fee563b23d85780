import { rooms } from "@flik/shared";
import type { FastifyBaseLogger } from "fastify";
import type { FlikIo, Realtime } from "../../realtime/realtime.js";
import type { ChatsService } from "./chats.service.js";

/** Which of these members have a socket open, on any app node (through the adapter). */
async function onlineAmong(io: FlikIo, userIds: string[]) {
  if (userIds.length === 0) return [];
  const sockets = await io.in(userIds.map(rooms.user)).fetchSockets();
  return [...new Set(sockets.map((socket) => socket.data.userId))];
}

/**
 * onlineUsers (spec §7), told only to chat partners: on connect a member hears which partners are online;
 * partners hear when the member's first socket opens and their last one closes.
 */
export function registerPresence(realtime: Realtime, chats: ChatsService, log: FastifyBaseLogger) {
  const { io } = realtime;
  const tellPartners = async (userId: string, online: boolean) => {
    const partners = await chats.partnerIdsOf(userId);
    // A node shutting down has closed its Redis clients: an emit now would fail unhandled.
    if (partners.length === 0 || realtime.closing) return;
    io.to(partners.map(rooms.user)).emit(
      "onlineUsers",
      online ? { online: [userId], offline: [] } : { online: [], offline: [userId] },
    );
  };
  const failed = (userId: string) => (error: unknown) =>
    log.error({ err: error, userId }, "presence update failed");

  realtime.onConnection((socket) => {
    const { userId } = socket.data;
    void (async () => {
      const partners = await chats.partnerIdsOf(userId);
      socket.emit("onlineUsers", { online: await onlineAmong(io, partners), offline: [] });
      const mine = await io.in(rooms.user(userId)).fetchSockets();
      if (mine.length === 1) await tellPartners(userId, true);
    })().catch(failed(userId));

    socket.on("disconnect", () => {
      if (realtime.closing) return;
      void (async () => {
        const left = await io.in(rooms.user(userId)).fetchSockets();
        if (left.length === 0) await tellPartners(userId, false);
      })().catch(failed(userId));
    });
  });
}
