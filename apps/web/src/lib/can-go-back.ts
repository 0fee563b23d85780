/**
 * Whether the page before this one in the tab is Flik's, so Back never leaves for another site or a
 * blank tab. The Navigation API lists only this site's pages of the tab, those from before the app last
 * loaded too (a typed address). Without it, only the router's own entries count: the first page the app
 * opened has the key "default".
 */
export function canGoBackInFlik(locationKey: string) {
  const { navigation } = window as { navigation?: { canGoBack: boolean } };
  if (navigation) return navigation.canGoBack;
  return locationKey !== "default";
}
