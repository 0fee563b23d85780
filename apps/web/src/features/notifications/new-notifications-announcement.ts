import type { Notification } from "@flik/shared";
import { announce } from "../../lib/announce";
import { actionText, senderName } from "./notification-view";

/**
 * How long the first notification of a burst waits for the others, so that they are read as one: a
 * reader is told at most this often, however many arrive.
 */
export const NEW_NOTIFICATIONS_GATHER_MS = 1500;

/** What a screen reader is told of live notifications: the one's own text, else how many came. */
export function newNotificationsText(arrived: readonly Notification[]): string {
  const [only] = arrived;
  if (arrived.length === 1 && only) return `${senderName(only)} ${actionText(only)}`;
  return `${arrived.length} new notifications`;
}

export type Gatherer = ReturnType<typeof createGatherer>;

/** Gathers a burst and reads it once; the same notification heard twice is read once. */
export function createGatherer() {
  const heard = new Set<string>();
  let arrived: Notification[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const read = () => {
    timer = undefined;
    if (arrived.length > 0) announce(newNotificationsText(arrived));
    arrived = [];
  };
  return {
    add(notification: Notification) {
      if (heard.has(notification._id)) return;
      heard.add(notification._id);
      arrived.push(notification);
      timer ??= setTimeout(read, NEW_NOTIFICATIONS_GATHER_MS);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      arrived = [];
    },
  };
}
