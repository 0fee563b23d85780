import type { MessageResponse, NotificationReadResponse, NotificationsPage } from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";

export const NOTIFICATIONS_PAGE_SIZE = 20;

export function fetchNotificationsPage(
  cursor: string | null,
  limit = NOTIFICATIONS_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set("cursor", cursor);
  return apiFetch<NotificationsPage>(`/notifications?${query}`, { signal });
}

export function markNotificationRead(id: string, read: boolean): Promise<NotificationReadResponse> {
  return apiFetch<NotificationReadResponse>(
    `/notifications/${encodeURIComponent(id)}/${read ? "read" : "unread"}`,
    { method: "PUT" },
  );
}

export function markAllNotificationsRead(): Promise<MessageResponse & { unreadCount: number }> {
  return apiFetch(`/notifications/mark-all`, { method: "PUT" });
}
