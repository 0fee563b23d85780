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
  // Anyone may have the member's profile or posts open (whether an account is private is shown to all),
  // but those they are blocked with, to whom the member is not there. Rare, and PUT /user/privacy is
  // rate-limited, so one broadcast costs less than knowing who is looking.
  domainEvents.on("privacyChanged", ({ userId, isPrivate }) => {
    realtime.io.except(rooms.blockedWith(userId)).emit("memberPrivacyChanged", { userId, isPrivate });
  });
}
