import type { Chat } from "@flik/shared";
import { useRovingTabs } from "../../../lib/use-roving-tabs";

/** Spec §2's three tabs, and Requests (issue 16): chats from people the member doesn't follow. */
export const CHAT_TABS = [
  { id: "active", label: "Active" },
  { id: "all", label: "All chats" },
  { id: "groups", label: "Groups" },
  { id: "requests", label: "Requests" },
] as const;
export type ChatTab = (typeof CHAT_TABS)[number]["id"];

/**
 * Spec §2: Groups shows only group chats; the other tabs show all chats. Message requests wait in
 * Requests and nowhere else until accepted.
 */
export function chatsForTab(chats: Chat[], tab: ChatTab): Chat[] {
  if (tab === "requests") return chats.filter((chat) => chat.isRequest);
  const inbox = chats.filter((chat) => !chat.isRequest);
  return tab === "groups" ? inbox.filter((chat) => chat.isGroupChat) : inbox;
}

export const chatTabId = (baseId: string, tab: ChatTab) => `${baseId}-tab-${tab}`;
export const chatPanelId = (baseId: string) => `${baseId}-panel`;

interface ChatTabsProps {
  baseId: string;
  selected: ChatTab;
  onSelect: (tab: ChatTab) => void;
  /** Message requests waiting: shown beside Requests. */
  requestsCount: number;
}

/** The tabs share the row by what they hold (Requests with its count is the widest), none cut. */
export function ChatTabs({ baseId, selected, onSelect, requestsCount }: ChatTabsProps) {
  const { onKeyDown, tabRef } = useRovingTabs(CHAT_TABS, selected, onSelect);
  return (
    <div
      role="tablist"
      aria-label="Chat filters"
      onKeyDown={onKeyDown}
      className="flex gap-1 rounded-xl bg-zinc-100 p-1"
    >
      {CHAT_TABS.map((tab) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={tabRef(tab.id)}
            id={chatTabId(baseId, tab.id)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-label={
              tab.id === "requests" && requestsCount > 0 ? `Requests (${requestsCount} waiting)` : undefined
            }
            aria-controls={chatPanelId(baseId)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={`inline-flex flex-auto items-center justify-center gap-0.5 rounded-lg px-1.5 py-1.5 text-[13px] font-semibold whitespace-nowrap transition ${
              active ? "bg-white text-zinc-900 shadow-sm" : "text-zinc-600 hover:text-zinc-900"
            }`}
          >
            {tab.label}
            {tab.id === "requests" && requestsCount > 0 && (
              <span
                aria-hidden="true"
                className="bg-brand min-w-4 rounded-full px-1 text-[11px] leading-4 text-white"
              >
                {requestsCount}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
