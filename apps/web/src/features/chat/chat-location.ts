/** The open conversation lives in the chat screen's URL, so the browser's Back returns to the list. */
const OPEN_CHAT_PARAM = "c";

export function chatPath(chatId: string): string {
  return `/chat?${OPEN_CHAT_PARAM}=${encodeURIComponent(chatId)}`;
}

export function openChatId(search: URLSearchParams): string | null {
  return search.get(OPEN_CHAT_PARAM);
}

/** True while a conversation is open: on a phone it then takes the whole window, as Instagram's does. */
export function isConversationOpen(search: URLSearchParams): boolean {
  return Boolean(openChatId(search));
}
