import { rooms } from "@flik/shared";
import type { FastifyBaseLogger } from "fastify";
import type { DomainEvents } from "../../platform/domain-events.js";
import type { FlikIo, Realtime } from "../../realtime/realtime.js";
import type { ChatsService } from "./chats.service.js";

/** Which of these members have a socket open, on any app node (through the adapter). */
async function onlineAmong(io: FlikIo, userIds: string[]) {
  if (userIds.length === 0) return [];
  const sockets = await io.in(userIds.map(rooms.user)).fetchSockets();
  return [...new Set(sockets.map((socket) => socket.data.userId))];
}

/**
 * onlineUsers (spec §7), told only to chat partners, never between two members where either blocked the
 * other: on connect a member hears which partners are online; partners hear when the member's first
 * socket opens and their last one closes. A block tells each of the two the other went offline; lifting
 * it tells partners who are online.
 */
export function registerPresence(
  realtime: Realtime,
  chats: ChatsService,
  domainEvents: DomainEvents,
  log: FastifyBaseLogger,
) {
  const { io } = realtime;
  const tellPartners = async (userId: string, online: boolean) => {
    const partners = await chats.partnerIdsOf(userId);
    // A node shutting down has closed its Redis clients: an emit now would fail unhandled.
    if (partners.length === 0 || realtime.closing) return;
    io.to(partners.map(rooms.user))
      .except(rooms.blockedWith(userId))
      .emit("onlineUsers", online ? { online: [userId], offline: [] } : { online: [], offline: [userId] });
  };
  const failed = (userId: string) => (error: unknown) =>
    log.error({ err: error, userId }, "presence update failed");

  domainEvents.on("memberBlocked", async ({ blockerId, blockedId }) => {
    if (!(await chats.shareAChat(blockerId, blockedId))) return;
    io.to(rooms.user(blockerId)).emit("onlineUsers", { online: [], offline: [blockedId] });
    io.to(rooms.user(blockedId)).emit("onlineUsers", { online: [], offline: [blockerId] });
  });
  domainEvents.on("memberUnblocked", async ({ blockerId, blockedId }) => {
    if (!(await chats.shareAChat(blockerId, blockedId))) return;
    const online = await onlineAmong(io, [blockerId, blockedId]);
    if (online.includes(blockedId))
      io.to(rooms.user(blockerId)).emit("onlineUsers", { online: [blockedId], offline: [] });
    if (online.includes(blockerId))
      io.to(rooms.user(blockedId)).emit("onlineUsers", { online: [blockerId], offline: [] });
  });

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
