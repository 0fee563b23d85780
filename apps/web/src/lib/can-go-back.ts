interface NavigationEntry {
  index: number;
  sameDocument: boolean;
}
interface NavigationApi {
  canGoBack: boolean;
  currentEntry: NavigationEntry | null;
  entries(): NavigationEntry[];
}
const navigationApi = () => (window as { navigation?: NavigationApi }).navigation;

/**
 * Whether the page before this one in the tab is Flik's, so Back never leaves for another site or a
 * blank tab. The Navigation API lists only this site's pages of the tab, those from before the app last
 * loaded too (a typed address). Without it, only the router's own entries count: the first page the app
 * opened has the key "default".
 */
export function canGoBackInFlik(locationKey: string) {
  const navigation = navigationApi();
  if (navigation) return navigation.canGoBack;
  return locationKey !== "default";
}

/**
 * The router's key of the page this load of the app opened on: after a reload the history entry keeps
 * the key it had (React Router stores it in `history.state`), so "default" alone does not mark it.
 */
const firstKeyOfLoad: unknown = (window.history.state as { key?: unknown } | null)?.key ?? "default";

/**
 * Whether Back reaches a page of this load of the app, with no reload: what a screen needs that says
 * something on its way back (a toast would be lost with the page). A typed address or a reload starts
 * a new load.
 */
export function canGoBackWithinApp(locationKey: string) {
  const navigation = navigationApi();
  const current = navigation?.currentEntry;
  if (!navigation || !current) return locationKey !== "default" && locationKey !== firstKeyOfLoad;
  return navigation.entries()[current.index - 1]?.sameDocument ?? false;
}
