/**
 * The chat whose conversation is on screen, if any. Live events arrive outside React (spec §4: a
 * message counts as unread only for a chat that is not open), so this lives in a module, not a context.
 */
let activeChatId: string | null = null;

export function setActiveChat(chatId: string | null): void {
  activeChatId = chatId;
}

/** The open chat, but only while the page is actually visible: a message in a hidden tab is unseen. */
export function visibleActiveChat(): string | null {
  return document.visibilityState === "hidden" ? null : activeChatId;
}
