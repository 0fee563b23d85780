import type { Notification } from "@flik/shared";
import { useEffect, useEffectEvent, useId, useMemo, useRef } from "react";
import { useFocusSurvivesRemoval } from "../../../lib/use-focus-survives-removal";
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
  const rootRef = useRef<HTMLDivElement>(null);
  const ids = useMemo(() => notifications.map((notification) => notification._id), [notifications]);
  const rowOf = (id: string) =>
    [...(rootRef.current?.querySelectorAll<HTMLElement>("[data-notification]") ?? [])].find(
      (row) => row.dataset.notification === id,
    );
  // A row that goes while it holds the focus (found gone as it was marked, a request withdrawn): the next
  // row's words take the focus, else the one before, else the screen's heading; never the page's top.
  const survivor = useFocusSurvivesRemoval({
    keys: ids,
    itemOf: (id) => rowOf(id)?.querySelector<HTMLElement>("[data-notification-opener]"),
    whenEmpty: () => document.querySelector<HTMLElement>("h1"),
  });
  const heldIn = useEffectEvent((event: FocusEvent) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>("[data-notification]");
    if (row?.dataset.notification) survivor.holds(row.dataset.notification);
  });
  useEffect(() => {
    const root = rootRef.current;
    root?.addEventListener("focusin", heldIn);
    return () => root?.removeEventListener("focusin", heldIn);
  }, []);
  return (
    <div ref={rootRef} className="space-y-6">
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
