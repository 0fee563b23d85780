import type { Chat } from "@flik/shared";
import { useRovingTabs } from "../../../lib/use-roving-tabs";

export const CHAT_TABS = [
  { id: "active", label: "Active" },
  { id: "all", label: "All chats" },
  { id: "groups", label: "Groups" },
] as const;
export type ChatTab = (typeof CHAT_TABS)[number]["id"];

/** Spec §2: Groups shows only group chats; the other tabs show all chats. */
export function chatsForTab(chats: Chat[], tab: ChatTab): Chat[] {
  return tab === "groups" ? chats.filter((chat) => chat.isGroupChat) : chats;
}

export const chatTabId = (baseId: string, tab: ChatTab) => `${baseId}-tab-${tab}`;
export const chatPanelId = (baseId: string) => `${baseId}-panel`;

interface ChatTabsProps {
  baseId: string;
  selected: ChatTab;
  onSelect: (tab: ChatTab) => void;
}

export function ChatTabs({ baseId, selected, onSelect }: ChatTabsProps) {
  const { onKeyDown, tabRef } = useRovingTabs(CHAT_TABS, selected, onSelect);
  return (
    <div
      role="tablist"
      aria-label="Chat filters"
      onKeyDown={onKeyDown}
      className="grid grid-cols-3 gap-1 rounded-xl bg-zinc-100 p-1"
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
            aria-controls={chatPanelId(baseId)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={`rounded-lg py-1.5 text-sm font-semibold transition ${
              active ? "bg-white text-zinc-900 shadow-sm" : "text-zinc-500 hover:text-zinc-800"
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
