import { rooms } from "@flik/shared";
import type { DomainEvents } from "../../platform/domain-events.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { BlocksService } from "./blocks.service.js";

/**
 * Every socket is in `blockedWith(id)` for each member `id` it is blocked with, either way: joined as it
 * connects (before any event can reach it) and, on every app node through the adapter, the moment a
 * block is made or lifted. An event caused by a member goes `.except(rooms.blockedWith(member))`, so
 * the check costs no query at emission. The blocker's own tabs hear of each change (blocksChanged).
 */
export function registerBlockRooms(realtime: Realtime, blocks: BlocksService, domainEvents: DomainEvents) {
  const { io } = realtime;
  realtime.joinOnConnect(async (caller) => (await blocks.blockedWith(caller.userId)).map(rooms.blockedWith));

  domainEvents.on("memberBlocked", ({ blockerId, blockedId }) => {
    io.in(rooms.user(blockerId)).socketsJoin(rooms.blockedWith(blockedId));
    io.in(rooms.user(blockedId)).socketsJoin(rooms.blockedWith(blockerId));
    io.to(rooms.user(blockerId)).emit("blocksChanged", { userId: blockedId, blocked: true });
  });
  domainEvents.on("memberUnblocked", async ({ blockerId, blockedId }) => {
    io.to(rooms.user(blockerId)).emit("blocksChanged", { userId: blockedId, blocked: false });
    // The other may block them too: then the two stay apart.
    if (await blocks.blockedEitherWay(blockerId, blockedId)) return;
    io.in(rooms.user(blockerId)).socketsLeave(rooms.blockedWith(blockedId));
    io.in(rooms.user(blockedId)).socketsLeave(rooms.blockedWith(blockerId));
  });
}
