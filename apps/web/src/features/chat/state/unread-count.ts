import { getToken, getUnreadCount, saveUnreadCount } from "../../../lib/storage";
import { fetchUnreadCount } from "../api/chats.api";

let latestRequest = 0;

/**
 * Asks the server for the member's unread message count and stores it for the header badge (spec §3
 * local storage `unreadCount`). Only the newest request may write, so a slow answer never wins.
 */
export async function refreshStoredUnreadCount(): Promise<void> {
  const request = ++latestRequest;
  try {
    const count = await fetchUnreadCount();
    // Not after a logout meanwhile: the count belongs to the member who asked.
    if (request === latestRequest && getToken()) saveUnreadCount(count);
  } catch {
    // The badge keeps its last value; the next event or reconnect asks again.
  }
}

/** Moves the stored count at once, before the server confirms (a message arrives, a chat is opened). */
export function adjustStoredUnreadCount(delta: number): void {
  saveUnreadCount(getUnreadCount() + delta);
}
