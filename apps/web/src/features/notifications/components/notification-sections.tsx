import type { Notification } from "@flik/shared";
import { useId } from "react";
import { groupNotifications } from "../notification-view";
import { NotificationItem } from "./notification-item";
import { notificationLayout as layout } from "./notification-layout";

interface NotificationSectionsProps {
  notifications: Notification[];
  now: Date;
  onOpen: (notification: Notification) => void;
  onToggleRead: (notification: Notification) => void;
  onAnswerRequest: (notification: Notification, accept: boolean) => void;
}

/** Spec §2's groups, each a headed list. */
export function NotificationSections({ notifications, now, ...actions }: NotificationSectionsProps) {
  const baseId = useId();
  return (
    <div className="space-y-6">
      {groupNotifications(notifications, now).map(({ group, notifications: items }) => {
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
            </ul>
          </section>
        );
      })}
    </div>
  );
}
