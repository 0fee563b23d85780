import type { Notification } from "@flik/shared";
import { useId } from "react";
import { groupNotifications } from "../notification-view";
import { NotificationItem } from "./notification-item";

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
            <h2 id={headingId} className="mb-2 px-1 text-sm font-semibold text-zinc-500">
              {group}
            </h2>
            <ul
              aria-labelledby={headingId}
              className="divide-y divide-zinc-100 overflow-hidden rounded-2xl border border-zinc-200/80 bg-white shadow-sm"
            >
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
