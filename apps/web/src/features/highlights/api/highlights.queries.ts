import type { Highlight } from "@flik/shared";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { highlightKeys } from "./highlight-keys";
import { fetchHighlights } from "./highlights.api";

export function useHighlightsQuery(username: string) {
  return useQuery({
    queryKey: highlightKeys.byUser(username),
    queryFn: ({ signal }) => fetchHighlights(username, signal),
  });
}

/** How many highlights the member keeps, as their strip read them (it comes whole); null before it is read. */
export function cachedHighlightsCount(queryClient: QueryClient, username: string): number | null {
  return queryClient.getQueryData<Highlight[]>(highlightKeys.byUser(username))?.length ?? null;
}

/** Puts a created or edited highlight into the member's strip: in place, or at the end when new. */
export function saveCachedHighlight(queryClient: QueryClient, username: string, highlight: Highlight): void {
  queryClient.setQueryData<Highlight[]>(highlightKeys.byUser(username), (list = []) =>
    list.some((item) => item._id === highlight._id)
      ? list.map((item) => (item._id === highlight._id ? highlight : item))
      : [...list, highlight],
  );
}

export function removeCachedHighlight(queryClient: QueryClient, username: string, id: string): void {
  queryClient.setQueryData<Highlight[]>(highlightKeys.byUser(username), (list) =>
    list?.filter((item) => item._id !== id),
  );
}
