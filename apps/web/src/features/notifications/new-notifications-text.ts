import type { Notification } from "@flik/shared";
import { actionText, senderName } from "./notification-view";

/** What a screen reader is told of live notifications: the one's own text, else how many came. */
export function newNotificationsText(arrived: readonly Notification[]): string {
  const [only] = arrived;
  if (arrived.length === 1 && only) return `${senderName(only)} ${actionText(only)}`;
  return `${arrived.length} new notifications`;
}
