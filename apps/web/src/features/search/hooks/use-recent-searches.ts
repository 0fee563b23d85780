import { useCallback, useMemo, useSyncExternalStore } from "react";
import { getRecentSearches, getUserId, saveRecentSearches, subscribeToStorage } from "../../../lib/storage";
import { parseRecent, type RecentSearch, recentKey, withoutRecent, withRecent } from "../recent-searches";

/**
 * The signed-in member's recent searches on this device (each member their own list), and the ways to
 * change them. Every tab showing explore sees a change at once.
 */
export function useRecentSearches() {
  const userId = useSyncExternalStore(subscribeToStorage, getUserId);
  const json = useSyncExternalStore(subscribeToStorage, () => (userId ? getRecentSearches(userId) : null));
  const items = useMemo(() => parseRecent(json), [json]);

  const update = useCallback(
    (change: (list: RecentSearch[]) => RecentSearch[]) => {
      if (!userId) return;
      const next = change(parseRecent(getRecentSearches(userId)));
      saveRecentSearches(userId, next.length > 0 ? JSON.stringify(next) : null);
    },
    [userId],
  );

  return {
    items,
    add: useCallback((item: RecentSearch) => update((list) => withRecent(list, item)), [update]),
    remove: useCallback(
      (item: RecentSearch) => update((list) => withoutRecent(list, recentKey(item))),
      [update],
    ),
    clear: useCallback(() => update(() => []), [update]),
  };
}
