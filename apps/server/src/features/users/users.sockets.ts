import { rooms } from "@flik/shared";
import type { DomainEvents } from "../../platform/domain-events.js";
import type { Realtime } from "../../realtime/realtime.js";

/**
 * The member's own tabs hear that their account changed (accountChanged), whichever tab or device
 * changed it, and read it again: a setting switched in one shows in the others.
 */
export function registerAccountEvents(realtime: Realtime, domainEvents: DomainEvents) {
  domainEvents.on("accountChanged", ({ userId }) => {
    realtime.io.to(rooms.user(userId)).emit("accountChanged");
  });
}
