import { rooms } from "@flik/shared";
import type { DomainEvents } from "../../platform/domain-events.js";
import { idOf } from "../../platform/ids.js";
import type { FlikSocket, Realtime } from "../../realtime/realtime.js";

/** Server only: every socket with the member's profile open (watchProfile). */
export const watchingProfileOf = (userId: string) => `watching-profile-of:${userId}`;

/** Profiles one socket watches at once: a tab shows one, and the next may come before the last goes. */
export const PROFILES_WATCHED_PER_SOCKET = 4;

/**
 * The member's own tabs hear that their account changed (accountChanged), whichever tab or device
 * changed it, and read it again: a setting switched in one shows in the others.
 */
export function registerAccountEvents(realtime: Realtime, domainEvents: DomainEvents) {
  domainEvents.on("accountChanged", ({ userId }) => {
    realtime.io.to(rooms.user(userId)).emit("accountChanged");
  });
}

/** As every call taking a member's id answers a malformed one (shared memberIdSchema). */
const NOT_A_MEMBER_ID = { ok: false, error: "userId must be a member id", status: 400 } as const;

/**
 * watchProfile / unwatchProfile: an open profile of another member hears them go private or public
 * (posts.sockets tells `watchingProfileOf` with the watchers of their posts), so a stranger's locked
 * profile opens again live. Whether an account is private is no secret, so anyone may watch; those
 * blocked with the member are left out where it is told. A socket's oldest watch goes past the cap.
 */
export function registerProfileWatch(realtime: Realtime) {
  const watched = new WeakMap<FlikSocket, string[]>();
  realtime.onConnection((socket) => {
    socket.on("watchProfile", async (asked: unknown, ack?: unknown) => {
      const reply = typeof ack === "function" ? ack : () => {};
      const userId = idOf(asked);
      if (!userId) return reply(NOT_A_MEMBER_ID);
      // The list is settled before any await: two watches arriving together each see the other's.
      const ids = [...(watched.get(socket) ?? []).filter((id) => id !== userId), userId];
      const dropped = ids.splice(0, Math.max(0, ids.length - PROFILES_WATCHED_PER_SOCKET));
      watched.set(socket, ids);
      await Promise.all([
        ...dropped.map((id) => socket.leave(watchingProfileOf(id))),
        socket.join(watchingProfileOf(userId)),
      ]);
      reply({ ok: true });
    });
    socket.on("unwatchProfile", async (asked: unknown, ack?: unknown) => {
      const reply = typeof ack === "function" ? ack : () => {};
      const userId = idOf(asked);
      if (!userId) return reply(NOT_A_MEMBER_ID);
      watched.set(
        socket,
        (watched.get(socket) ?? []).filter((id) => id !== userId),
      );
      await socket.leave(watchingProfileOf(userId));
      reply({ ok: true });
    });
  });
}
