import { useSyncExternalStore } from "react";
import { getToken, getUnreadCount, subscribeToStorage } from "./storage";

export function useStoredToken(): string | null {
  return useSyncExternalStore(subscribeToStorage, getToken);
}

export function useStoredUnreadCount(): number {
  return useSyncExternalStore(subscribeToStorage, getUnreadCount);
}
