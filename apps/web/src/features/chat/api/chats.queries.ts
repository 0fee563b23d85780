import { isChatSearchable, memberSearchTerm } from "@flik/shared";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { chatKeys } from "./chat-keys";
import { fetchChats, fetchMessagesPage, searchUsers } from "./chats.api";

/**
 * Live events keep the list fresh only while the chat screen is open, so coming back to it always
 * asks again (staleTime 0); what is cached shows meanwhile.
 */
export function useChatsQuery() {
  return useQuery({
    queryKey: chatKeys.list(),
    queryFn: ({ signal }) => fetchChats(signal),
    staleTime: 0,
  });
}

export function useMessagesQuery(chatId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam, signal }) => fetchMessagesPage(chatId, pageParam, signal),
    initialPageParam: null as string | null,
    // Pages go back in time: the next page holds older messages.
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });
}

/**
 * Members matching `q` (already debounced by the caller); spec §5: any non-blank text searches. A page at
 * a time: a common name matches hundreds, and the next page comes when the member asks for more.
 */
export function useUserSearchQuery(q: string) {
  // "@maya" and "maya" are one search, asked once.
  const term = memberSearchTerm(q);
  return useInfiniteQuery({
    queryKey: chatKeys.userSearch(term),
    queryFn: ({ pageParam, signal }) => searchUsers(term, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: isChatSearchable(term),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // Asked offline, it fails ("Couldn't search right now.") rather than waiting paused, saying nothing.
    networkMode: "always",
  });
}
