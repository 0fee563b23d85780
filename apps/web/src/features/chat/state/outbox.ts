import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { getChatOutbox, getUserId, saveChatOutbox } from "../../../lib/storage";
import type { PendingMessage } from "../hooks/use-outbox";

/**
 * The member's unsent messages, kept in the query cache rather than in the chat screen: one that failed
 * ("Not sent", with Retry) is still there after a visit to another screen, and one on its way still
 * lands. Outside `chatKeys.all`, so no refetch of the chats touches it; gone at logout with the rest of
 * the cache, so the next member to sign in on the device never sees them. A copy in the tab's
 * sessionStorage carries them through a reload (`restoreOutbox`).
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

/** The clients whose outbox was read back from the tab: once a page, or a message would come back twice. */
const restored = new WeakSet<QueryClient>();

export function changeOutbox(
  queryClient: QueryClient,
  update: (list: PendingMessage[]) => PendingMessage[],
): void {
  const list = queryClient.setQueryData<PendingMessage[]>(OUTBOX_KEY, (list = []) => update(list)) ?? [];
  // Before the tab's copy is read back, the outbox in memory is not the whole of it: it would erase it.
  if (restored.has(queryClient)) keepThroughReload(list);
  askBeforeUnloadWhileUnsent(queryClient);
}

interface StoredOutbox {
  userId: string;
  entries: PendingMessage[];
}

function keepThroughReload(entries: PendingMessage[]): void {
  const userId = getUserId();
  const stored: StoredOutbox | null = userId && entries.length > 0 ? { userId, entries } : null;
  saveChatOutbox(stored && JSON.stringify(stored));
}

const isText = (value: unknown): value is string => typeof value === "string";

function isPendingMessage(value: unknown): value is PendingMessage {
  const entry = value as Partial<PendingMessage> | null;
  return (
    typeof entry === "object" &&
    entry !== null &&
    isText(entry.clientId) &&
    isText(entry.chatId) &&
    isText(entry.text) &&
    isText(entry.createdAt) &&
    (entry.status === "sending" || entry.status === "waiting" || entry.status === "failed")
  );
}

/** What this tab kept of the member's outbox, or nothing: another member's, or not an outbox. */
function storedEntries(userId: string | null): PendingMessage[] {
  try {
    const stored = JSON.parse(getChatOutbox() ?? "null") as Partial<StoredOutbox> | null;
    if (!stored || stored.userId !== userId || !Array.isArray(stored.entries)) return [];
    return stored.entries.filter(isPendingMessage);
  } catch {
    return [];
  }
}

/**
 * After a reload, the messages this tab had not sent yet come back: one that was on its way waits for the
 * connection (the server answers one it had already stored with that copy: the same clientId), one "Not
 * sent" is so again. A refusal is the server's to say again. Read once the chat screen opens, so the
 * feed's first load carries none of this.
 */
export function restoreOutbox(queryClient: QueryClient): void {
  if (restored.has(queryClient)) return;
  restored.add(queryClient);
  const entries = storedEntries(getUserId()).map(
    ({ refused: _refused, reason: _reason, ...entry }): PendingMessage => ({
      ...entry,
      status: entry.status === "failed" ? "failed" : "waiting",
    }),
  );
  if (entries.length === 0) return;
  changeOutbox(queryClient, (list) => [
    ...entries.filter((entry) => !list.some((p) => p.clientId === entry.clientId)),
    ...list,
  ]);
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
