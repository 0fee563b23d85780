import type { Chat } from "@flik/shared";
import { segmentedTabs, TabList } from "../../../components/tab-list";

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

/**
 * The tabs share the row by what they hold (Requests with its count is the widest), none cut: below
 * 360 px their padding and type shrink, so Requests' count stays inside the track on a 320 px phone.
 */
export function ChatTabs({ baseId, selected, onSelect, requestsCount }: ChatTabsProps) {
  const waiting = requestsCount > 0;
  return (
    <TabList
      tabs={CHAT_TABS}
      selected={selected}
      onSelect={onSelect}
      label="Chat filters"
      tabId={(tab) => chatTabId(baseId, tab)}
      panelId={() => chatPanelId(baseId)}
      className={`flex ${segmentedTabs.track}`}
      tabClassName={(active) =>
        `${segmentedTabs.tab(active)} inline-flex flex-auto items-center justify-center gap-0.5 px-1.5 py-1.5 text-[13px] whitespace-nowrap max-[359px]:px-0.5 max-[359px]:text-xs`
      }
      tabName={(tab) =>
        tab.id === "requests" && waiting ? `Requests (${requestsCount} waiting)` : undefined
      }
      renderTab={(tab) => (
        <>
          {tab.label}
          {tab.id === "requests" && waiting && (
            <span
              aria-hidden="true"
              className="bg-brand min-w-4 rounded-full px-1 text-[11px] leading-4 text-white"
            >
              {requestsCount}
            </span>
          )}
        </>
      )}
    />
  );
}
