import type { Notification } from "@flik/shared";
import { useEffect, useState } from "react";
import type { Gatherer } from "../new-notifications-announcement";

/** The announcement's code loads with the first notification heard, not with the feed (issue 14). */
const loadAnnouncement = () => import("../new-notifications-announcement");

/**
 * A notification arriving live changes only the badge (and, on /notifications, adds a row) where
 * nothing takes the focus: it is read politely (WCAG 4.1.3), a burst as one announcement. The same
 * notification heard twice (a retry) is read once.
 */
export function useNewNotificationsAnnouncer(): (notification: Notification) => void {
  const [announcer] = useState(() => {
    let gatherer: Promise<Gatherer> | undefined;
    return {
      add(notification: Notification) {
        gatherer ??= loadAnnouncement().then(({ createGatherer }) => createGatherer());
        void gatherer.then((loaded) => loaded.add(notification));
      },
      // Leaving the signed-in screens (a logout) reads nothing still gathered.
      stop: () => void gatherer?.then((loaded) => loaded.stop()),
    };
  });
  useEffect(() => () => announcer.stop(), [announcer]);
  return announcer.add;
}
