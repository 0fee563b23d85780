import type { Notification } from "@flik/shared";
import { useEffect, useState } from "react";
import { announce } from "../../../lib/announce";

/**
 * How long the first notification of a burst waits for the others, so that they are read as one: a
 * reader is told at most this often, however many arrive.
 */
export const NEW_NOTIFICATIONS_GATHER_MS = 1500;

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
  // Bumped by `stop`: a burst whose words were still loading then is not read either.
  let generation = 0;
  const read = () => {
    timer = undefined;
    const burst = arrived;
    arrived = [];
    if (burst.length === 0) return;
    const readFor = generation;
    // The words come with the notifications' own code (and the shared rules it reads), loaded once a
    // notification arrives: the feed's first load does not carry them.
    void import("../new-notifications-text").then(({ newNotificationsText }) => {
      if (readFor === generation) announce(newNotificationsText(burst));
    });
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
      generation += 1;
    },
  };
}
