import type { User } from "@flik/shared";
import { dropEarlyReads } from "./early-reads";

/** The local storage keys of spec §3 (and ours). This module is the only one that touches them. */
export const STORAGE_KEYS = {
  token: "token",
  userId: "userId",
  username: "username",
  user: "user",
  unreadCount: "unreadCount",
  /** Followed by a member id: that member's recent searches on this device (issue 18). */
  recentSearches: "recentSearches:",
  /** In sessionStorage: the chat messages this tab had not sent yet, kept through a reload. */
  chatOutbox: "chatOutbox",
} as const;

/** Fired on this tab's own writes; the browser's "storage" event only reports other tabs. */
const CHANGE_EVENT = "flik:storage";

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the app keeps working for this page view.
  }
}

function notify(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export interface StoredAuth {
  token: string;
  userId: string;
  username: string;
}

export function getToken(): string | null {
  return read(STORAGE_KEYS.token);
}

export function getUserId(): string | null {
  return read(STORAGE_KEYS.userId);
}

export function getUsername(): string | null {
  return read(STORAGE_KEYS.username);
}

export function saveAuth(auth: StoredAuth): void {
  // Another member in this tab: the last one's unsent chat messages are not theirs to see or send.
  if (getUserId() !== auth.userId) saveChatOutbox(null);
  write(STORAGE_KEYS.token, auth.token);
  write(STORAGE_KEYS.userId, auth.userId);
  write(STORAGE_KEYS.username, auth.username);
  notify();
}

/** Keeps the stored id and username in step with the account (a rename). */
export function saveIdentity({ userId, username }: { userId: string; username: string }): void {
  if (getUserId() === userId && getUsername() === username) return;
  write(STORAGE_KEYS.userId, userId);
  write(STORAGE_KEYS.username, username);
  notify();
}

/**
 * Clears what spec §4 names on logout (token, userId, username) plus the cached user and unread count,
 * which the next member to sign in on this device must not see.
 */
export function clearAuth(): void {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.userId, null);
  write(STORAGE_KEYS.username, null);
  write(STORAGE_KEYS.user, null);
  write(STORAGE_KEYS.unreadCount, null);
  saveChatOutbox(null);
  dropEarlyReads();
  notify();
}

export function getCachedUser(): User | null {
  const raw = read(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const user: unknown = JSON.parse(raw);
    return isUserShaped(user) ? user : null;
  } catch {
    return null;
  }
}

/** Screens read these without checking; anything else stored under the key is not a user. */
function isUserShaped(value: unknown): value is User {
  if (!value || typeof value !== "object") return false;
  const { id, _id, username } = value as Partial<User>;
  return typeof id === "string" && typeof _id === "string" && typeof username === "string";
}

export function saveCachedUser(user: User): void {
  write(STORAGE_KEYS.user, JSON.stringify(user));
  notify();
}

export function getUnreadCount(): number {
  const count = Number(read(STORAGE_KEYS.unreadCount));
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

export function saveUnreadCount(count: number): void {
  write(STORAGE_KEYS.unreadCount, String(Math.max(0, Math.floor(count))));
  notify();
}

/** The member's recent searches as stored (JSON text), or null; the search feature reads its shape. */
export function getRecentSearches(userId: string): string | null {
  return read(STORAGE_KEYS.recentSearches + userId);
}

export function saveRecentSearches(userId: string, json: string | null): void {
  write(STORAGE_KEYS.recentSearches + userId, json);
  notify();
}

/** This tab's unsent chat messages as stored (JSON text), or null; the chat feature reads its shape. */
export function getChatOutbox(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEYS.chatOutbox);
  } catch {
    return null;
  }
}

export function saveChatOutbox(json: string | null): void {
  try {
    if (json === null) window.sessionStorage.removeItem(STORAGE_KEYS.chatOutbox);
    else window.sessionStorage.setItem(STORAGE_KEYS.chatOutbox, json);
  } catch {
    // Full or disabled: the browser still asks before a reload loses an unsent message.
  }
}

/** Whether this tab keeps chat messages that a reload interrupted before they were sent. */
const keepsUnsentMessages = () => /"status":"(sending|waiting)"/.test(getChatOutbox() ?? "");

/**
 * After a reload, the tab's unsent chat messages wait for Messages to open to be sent (the chat
 * feature's outbox): until then a closed tab would lose them, so the browser asks first, as it did
 * before the reload. Listened for only when the page starts with some.
 */
export function askBeforeUnloadWhileMessagesWait(): void {
  if (!keepsUnsentMessages()) return;
  window.addEventListener("beforeunload", (event) => {
    if (keepsUnsentMessages()) event.preventDefault();
  });
}

/** Calls `listener` whenever stored values change, in this tab or another one. */
export function subscribeToStorage(listener: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener("storage", listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener("storage", listener);
  };
}
