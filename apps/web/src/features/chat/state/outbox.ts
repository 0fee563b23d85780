import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PendingMessage } from "../hooks/use-outbox";

/**
 * The member's unsent messages, kept in the query cache rather than in the chat screen: one that failed
 * ("Not sent", with Retry) is still there after a visit to another screen, and one on its way still
 * lands. Outside `chatKeys.all`, so no refetch of the chats touches it; gone at logout with the rest of
 * the cache, so the next member to sign in on the device never sees them.
 */
const OUTBOX_KEY = ["chat-outbox"] as const;

export function useOutboxEntries(): PendingMessage[] {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: OUTBOX_KEY,
    // Nothing to fetch: asked again, it answers what it holds.
    queryFn: () => queryClient.getQueryData<PendingMessage[]>(OUTBOX_KEY) ?? [],
    initialData: [],
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  }).data;
}

export function changeOutbox(
  queryClient: QueryClient,
  update: (list: PendingMessage[]) => PendingMessage[],
): void {
  queryClient.setQueryData<PendingMessage[]>(OUTBOX_KEY, (list = []) => update(list));
  askBeforeUnloadWhileUnsent(queryClient);
}

/** The client whose outbox a page's unload asks about: the app has one (a test, one at a time). */
let unloadWatches: QueryClient | undefined;

const hasUnsent = (queryClient: QueryClient) =>
  outboxEntries(queryClient).some((entry) => entry.status !== "failed");

function askIfUnsent(event: BeforeUnloadEvent) {
  // Checked again as the page goes: a logout empties the outbox with the rest of the cache.
  if (unloadWatches && hasUnsent(unloadWatches)) event.preventDefault();
}

/**
 * A message still "Sending…" (on its way, or waiting for the connection) lives only in this page: a
 * reload or a closed tab would lose it, so the browser asks "Leave site?" first, as WhatsApp Web does.
 * One that is "Not sent" the member has already been told of. Listened for only while one is unsent.
 */
function askBeforeUnloadWhileUnsent(queryClient: QueryClient): void {
  unloadWatches = queryClient;
  if (hasUnsent(queryClient)) window.addEventListener("beforeunload", askIfUnsent);
  else window.removeEventListener("beforeunload", askIfUnsent);
}

/** What the outbox holds now, for work done outside render (sending the held messages on a reconnect). */
export function outboxEntries(queryClient: QueryClient): PendingMessage[] {
  return queryClient.getQueryData<PendingMessage[]>(OUTBOX_KEY) ?? [];
}
