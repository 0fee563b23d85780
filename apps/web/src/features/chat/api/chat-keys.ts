export const chatKeys = {
  all: ["chats"] as const,
  /** The member's chats, newest activity first; holds `Chat[]`. */
  list: () => [...chatKeys.all, "list"] as const,
  /** Every chat's messages; each holds `InfiniteData<MessagesPage>`, newest page first. */
  messageLists: () => [...chatKeys.all, "messages"] as const,
  messages: (chatId: string) => [...chatKeys.messageLists(), chatId] as const,
  /** Members found by the chat search (spec §5). */
  userSearch: (q: string) => [...chatKeys.all, "user-search", q] as const,
};
