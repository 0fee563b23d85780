import { type Chat, isChatSearchable, memberSearchTerm, SEARCH_DEBOUNCE_MS } from "@flik/shared";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { PlusIcon } from "../../../components/icons";
import { useRovingFocus } from "../../../lib/use-roving-focus";
import { chatMatches } from "../chat-format";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { ChatRow } from "./chat-row";
import { ChatSearchBox } from "./chat-search-box";
import { ChatListEmpty, ChatListSkeleton, LoadError, RequestsEmpty } from "./chat-states";
import { type ChatTab, ChatTabs, chatPanelId, chatsForTab, chatTabId } from "./chat-tabs";
import { NewGroupDialog } from "./new-group-dialog";
import { UserResults } from "./user-results";

interface ChatListPaneProps {
  chats: UseQueryResult<Chat[]>;
  viewerId: string;
  selectedId: string | null;
  onOpen: (chat: Chat) => void;
  onOpenWith: (userId: string) => void;
  opening: boolean;
  onDelete: (chat: Chat) => void;
  onLeave?: (chat: Chat) => void;
}

/** The left pane (spec §2): search (people and the loaded chats), the tabs, the chats. */
export function ChatListPane({
  chats,
  viewerId,
  selectedId,
  onOpen,
  onOpenWith,
  opening,
  onDelete,
  onLeave,
}: ChatListPaneProps) {
  const baseId = useId();
  const [search, setSearch] = useState("");
  const [tab, setTab] = useState<ChatTab>("all");
  const requestsCount = (chats.data ?? []).filter((chat) => chat.isRequest).length;
  // The open request, once accepted, is a chat like the others: the list follows it to All chats, not
  // leaving the member on a Requests tab it has left (empty, if it was the last).
  const selectedIsRequest = chats.data?.find((chat) => chat._id === selectedId)?.isRequest;
  const [requestOpen, setRequestOpen] = useState(selectedIsRequest);
  if (requestOpen !== selectedIsRequest) {
    setRequestOpen(selectedIsRequest);
    if (requestOpen === true && selectedIsRequest === false && tab === "requests") setTab("all");
  }
  const [creatingGroup, setCreatingGroup] = useState(false);
  // Spec §9: the member search waits 300 ms after the last keystroke; the local filter does not.
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const searching = isChatSearchable(search);
  // As the people search reads it: "@maya" finds the chat with maya.
  const term = memberSearchTerm(search).toLowerCase();
  const shown = chatsForTab(chats.data ?? [], tab).filter(
    (chat) => !searching || chatMatches(chat, viewerId, term),
  );
  // Kept while the same chats show: the list hands the focus on only when one of them goes.
  const shownKey = shown.map((chat) => chat._id).join(",");
  const shownIds = useMemo(() => (shownKey ? shownKey.split(",") : []), [shownKey]);
  const roving = useRovingFocus({ keys: shownIds, start: selectedId ?? undefined });

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="space-y-3 px-4 pt-4 pb-3">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-xl font-bold tracking-tight text-zinc-900">Chats</h1>
          <button
            type="button"
            onClick={() => setCreatingGroup(true)}
            className="inline-flex items-center gap-1.5 rounded-full bg-zinc-900 px-3.5 py-1.5 text-sm font-semibold text-white transition hover:bg-zinc-700"
          >
            <PlusIcon className="size-4" />
            New group
          </button>
        </div>
        <ChatSearchBox
          id={`${baseId}-search`}
          label="Search people or chats"
          value={search}
          onChange={setSearch}
          placeholder="Search people or chats"
        />
        <ChatTabs baseId={baseId} selected={tab} onSelect={setTab} requestsCount={requestsCount} />
      </div>

      <div
        id={chatPanelId(baseId)}
        role="tabpanel"
        aria-labelledby={chatTabId(baseId, tab)}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 pb-4"
      >
        {searching && isChatSearchable(query) && (
          <section aria-labelledby={`${baseId}-people`} className="mb-2">
            <h2
              id={`${baseId}-people`}
              className="px-3 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase"
            >
              People
            </h2>
            <UserResults
              query={query}
              viewerId={viewerId}
              onPick={(user) => {
                setSearch("");
                onOpenWith(user._id);
              }}
              disabled={opening}
              searchBoxId={`${baseId}-search`}
            />
          </section>
        )}

        {chats.isLoadingError ? (
          <LoadError
            text="Couldn't load your chats."
            onRetry={() => chats.refetch()}
            retrying={chats.isFetching}
          />
        ) : chats.isPending ? (
          <ChatListSkeleton />
        ) : shown.length > 0 ? (
          <section aria-label={searching ? "Matching chats" : undefined}>
            {searching && (
              <h2 className="px-3 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
                Chats
              </h2>
            )}
            {/* One Tab stop for the list; the arrow keys move between chats. */}
            <ul className="space-y-0.5" {...roving.listProps}>
              {shown.map((chat) => (
                <ChatRow
                  key={chat._id}
                  chat={chat}
                  viewerId={viewerId}
                  selected={chat._id === selectedId}
                  focus={roving.itemProps(chat._id)}
                  onDelete={onDelete}
                  onLeave={onLeave}
                />
              ))}
            </ul>
          </section>
        ) : searching ? null : tab === "requests" ? (
          <RequestsEmpty />
        ) : tab === "groups" && (chats.data?.length ?? 0) > 0 ? (
          <p className="px-6 py-10 text-center text-sm text-zinc-500">
            No group chats yet. Start one with New group.
          </p>
        ) : (
          <ChatListEmpty
            requestsCount={requestsCount}
            onShowRequests={() => {
              setTab("requests");
              // The button goes with the empty list: the focus goes to the tab it opened.
              document.getElementById(chatTabId(baseId, "requests"))?.focus();
            }}
          />
        )}
      </div>

      {creatingGroup && (
        <NewGroupDialog
          viewerId={viewerId}
          onClose={() => setCreatingGroup(false)}
          onCreated={(chat) => {
            setCreatingGroup(false);
            onOpen(chat);
          }}
        />
      )}
    </div>
  );
}
