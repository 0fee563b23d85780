import type { Notification } from "@flik/shared";
import { useEffect, useState } from "react";
import { announce } from "../../../lib/announce";
import { actionText, senderName } from "../notification-view";

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

/**
 * A notification arriving live changes only the badge (and, on /notifications, adds a row) where
 * nothing takes the focus: it is read politely (WCAG 4.1.3), a burst as one announcement. The same
 * notification heard twice (another listener, a retry) is read once.
 */
export function useNewNotificationsAnnouncer(): (notification: Notification) => void {
  const [gatherer] = useState(createGatherer);
  // Leaving the signed-in screens (a logout) reads nothing still gathered.
  useEffect(() => () => gatherer.stop(), [gatherer]);
  return gatherer.add;
}

function createGatherer() {
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
