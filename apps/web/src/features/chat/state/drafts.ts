import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";

/**
 * What the member typed in a chat's message box and has not sent, per chat: there again when they come
 * back from another chat or screen, as Instagram keeps it. Kept in the query cache for the outbox's
 * reasons (state/outbox): outside `chatKeys.all`, and gone at logout with the rest of the cache.
 */
const DRAFTS_KEY = ["chat-drafts"] as const;
type Drafts = Readonly<Record<string, string>>;

function writeDraft(queryClient: QueryClient, chatId: string, text: string): void {
  // Nothing observes the drafts, so nothing would keep them from being collected after five minutes.
  queryClient.setQueryDefaults(DRAFTS_KEY, { gcTime: Number.POSITIVE_INFINITY });
  queryClient.setQueryData<Drafts>(DRAFTS_KEY, (drafts = {}) => {
    const { [chatId]: _replaced, ...others } = drafts;
    return text === "" ? others : { ...others, [chatId]: text };
  });
}

/**
 * The box's text, the chat's draft when it opens. The box holds it in its own state, as any text box
 * should (a value brought back from the cache a tick later would put the caret at the end and break an
 * input method's composing); each change is also written to the drafts, which nothing re-renders from.
 * The composer is mounted per chat (the conversation's key), so `chatId` never changes under it.
 */
export function useChatDraft(chatId: string): [string, (text: string) => void] {
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => queryClient.getQueryData<Drafts>(DRAFTS_KEY)?.[chatId] ?? "");
  const change = useCallback(
    (next: string) => {
      setText(next);
      writeDraft(queryClient, chatId, next);
    },
    [queryClient, chatId],
  );
  return [text, change];
}
