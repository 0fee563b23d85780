import type { Notification } from "@flik/shared";
import { useId } from "react";
import { groupNotifications } from "../notification-view";
import { NotificationItem } from "./notification-item";
import { notificationLayout as layout } from "./notification-layout";
import { NotificationSkeletonRow } from "./notification-states";

interface NotificationSectionsProps {
  notifications: Notification[];
  now: Date;
  onOpen: (notification: Notification) => void;
  onToggleRead: (notification: Notification) => void;
  onAnswerRequest: (notification: Notification, accept: boolean) => void;
  /** Rows shaped like notifications at the end of the last day's list, while the next page loads. */
  loadingRows?: number;
}

/**
 * Spec §2's groups, each a headed list. The next page's loading rows continue the last list, in its
 * card, so the rows that come take their place without a jump.
 */
export function NotificationSections({
  notifications,
  now,
  loadingRows = 0,
  ...actions
}: NotificationSectionsProps) {
  const baseId = useId();
  const groups = groupNotifications(notifications, now);
  return (
    <div className="space-y-6">
      {groups.map(({ group, notifications: items }, index) => {
        const headingId = `${baseId}-${group}`;
        return (
          <section key={group} aria-labelledby={headingId}>
            <h2 id={headingId} className={`${layout.heading} text-zinc-500`}>
              {group}
            </h2>
            <ul aria-labelledby={headingId} className={layout.card}>
              {items.map((notification) => (
                <NotificationItem key={notification._id} notification={notification} now={now} {...actions} />
              ))}
              {index === groups.length - 1 &&
                Array.from({ length: loadingRows }, (_, row) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
                  <NotificationSkeletonRow key={`loading-${row}`} as="li" />
                ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
