import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * What the member typed in a chat's message box and has not sent, per chat: there again when they come
 * back from another chat or screen, as Instagram keeps it. In the query cache for the outbox's reasons
 * (state/outbox): outside `chatKeys.all`, and gone at logout with the rest of the cache.
 */
const draftKey = (chatId: string) => ["chat-draft", chatId] as const;

export function useChatDraft(chatId: string): [string, (text: string) => void] {
  const queryClient = useQueryClient();
  const key = draftKey(chatId);
  const text = useQuery({
    queryKey: key,
    // Nothing to fetch: asked again, it answers what it holds.
    queryFn: () => queryClient.getQueryData<string>(key) ?? "",
    initialData: "",
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  }).data;
  const setText = useCallback(
    (next: string) => queryClient.setQueryData<string>(draftKey(chatId), next),
    [queryClient, chatId],
  );
  return [text, setText];
}
