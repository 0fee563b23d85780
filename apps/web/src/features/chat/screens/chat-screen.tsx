import type { Chat } from "@flik/shared";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { getUserId } from "../../../lib/storage";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useFocusWhenClosed } from "../../../lib/use-focus-when-closed";
import { useChatsQuery } from "../api/chats.queries";
import { chatPath, openChatId } from "../chat-location";
import { ChatListPane } from "../components/chat-list-pane";
import {
  ChatUnavailable,
  LoadError,
  MessagesSkeleton,
  NoChatSelected,
  PhoneBackBar,
} from "../components/chat-states";
import { Conversation } from "../components/conversation";
import { DeleteChatDialog } from "../components/delete-chat-dialog";
import { LeaveGroupDialog } from "../components/leave-group-dialog";
import { useChatLiveUpdates } from "../hooks/use-chat-live-updates";
import { useOpenDirectChat } from "../hooks/use-chat-mutations";
import { useOutbox } from "../hooks/use-outbox";

/** Opened from the list: Back (the button or the browser's) returns to it. */
interface ChatLocationState {
  fromList?: boolean;
}

/**
 * Chat (spec §2): the list and the conversation side by side from md up; on a phone one at a time,
 * the open chat in the URL (`chatPath`) so the browser's Back returns to the list. There the open
 * conversation takes the whole window, without the app's header and tabs (the route's handle).
 */
export function ChatScreen() {
  useDocumentTitle("Chat");
  const viewerId = getUserId() ?? "";
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const selectedId = openChatId(params);
  const chats = useChatsQuery();
  const outbox = useOutbox();
  const selected = chats.data?.find((chat) => chat._id === selectedId);
  // Asked from a row's menu or from the open conversation's header.
  const [toDelete, setToDelete] = useState<Chat | null>(null);
  const [toLeave, setToLeave] = useState<Chat | null>(null);
  const listSection = useRef<HTMLElement>(null);
  const inList = (selector: string) => listSection.current?.querySelector<HTMLElement>(selector);
  /** The row holding the list's Tab stop. */
  const listTabStop = () => inList('ul [tabindex="0"]');
  // A deleted (or left) chat takes its row (and the conversation) with it, and the focus they held: the list keeps
  // it, on the row that is now its Tab stop, or on the search box when no chat is left.
  useFocusWhenClosed(toDelete !== null || toLeave !== null, () => listTabStop() ?? inList("input"));

  // Closing a chat (Back, the browser's or the button) takes the focus with the conversation: its row
  // in the list has it back, as on a phone the list was hidden. Only ever set (not cleared) on opening,
  // so the closing commit still reads the chat that was open, whichever layout effect runs first.
  const lastOpenId = useRef(selectedId);
  useLayoutEffect(() => {
    if (selectedId) lastOpenId.current = selectedId;
  }, [selectedId]);
  useFocusWhenClosed(
    selectedId !== null,
    () => (lastOpenId.current ? inList(`a[href="${chatPath(lastOpenId.current)}"]`) : null) ?? listTabStop(),
  );

  // Live events and deletions land outside render: they read the open chat from here.
  const selectedRef = useRef(selectedId);
  useEffect(() => {
    selectedRef.current = selectedId;
  }, [selectedId]);
  const closeIfOpen = useCallback(
    (chatId: string) => {
      if (selectedRef.current === chatId) navigate("/chat", { replace: true });
    },
    [navigate],
  );
  useChatLiveUpdates(closeIfOpen);

  const openChat = (chat: Chat) =>
    navigate(chatPath(chat._id), {
      replace: selectedId === chat._id,
      state: { fromList: true } satisfies ChatLocationState,
    });
  const openWith = useOpenDirectChat(openChat);
  const back = () => {
    if ((location.state as ChatLocationState | null)?.fromList) navigate(-1);
    else navigate("/chat", { replace: true });
  };

  return (
    <div className="flex h-full overflow-hidden bg-white lg:rounded-3xl lg:border lg:border-zinc-200/80 lg:shadow-sm">
      <section
        ref={listSection}
        aria-label="Chats"
        className={`min-h-0 w-full flex-col border-zinc-200/80 md:flex md:w-80 md:shrink-0 md:border-r lg:w-96 ${selectedId ? "hidden" : "flex"}`}
      >
        <ChatListPane
          chats={chats}
          viewerId={viewerId}
          selectedId={selectedId}
          onOpen={openChat}
          onOpenWith={(userId) => openWith.mutate(userId)}
          opening={openWith.isPending}
          onDelete={setToDelete}
          onLeave={setToLeave}
        />
      </section>
      <section
        aria-label="Conversation"
        className={`min-h-0 min-w-0 flex-1 flex-col bg-zinc-50/60 md:flex ${selectedId ? "flex" : "hidden"}`}
      >
        {!selectedId ? (
          <NoChatSelected />
        ) : selected ? (
          <Conversation
            key={selected._id}
            chat={selected}
            viewerId={viewerId}
            outbox={outbox}
            onBack={back}
            onDelete={() => setToDelete(selected)}
            onLeave={() => setToLeave(selected)}
          />
        ) : (
          // No conversation to show yet, or at all: a phone, without the app's header and tabs here,
          // still has its way back to the list.
          <>
            <PhoneBackBar onBack={back} />
            {chats.isLoadingError ? (
              <>
                {/* From md up the list beside it says so, with its own Try again. */}
                <div className="md:hidden">
                  <LoadError
                    text="Couldn't load your chats."
                    onRetry={() => chats.refetch()}
                    retrying={chats.isFetching}
                  />
                </div>
                <div className="hidden h-full md:block">
                  <NoChatSelected />
                </div>
              </>
            ) : chats.isPending ? (
              <MessagesSkeleton />
            ) : (
              <ChatUnavailable />
            )}
          </>
        )}
      </section>
      {toDelete && (
        <DeleteChatDialog
          chat={toDelete}
          viewerId={viewerId}
          onClose={() => setToDelete(null)}
          onDeleted={closeIfOpen}
        />
      )}
      {toLeave && (
        <LeaveGroupDialog
          chat={toLeave}
          viewerId={viewerId}
          onClose={() => setToLeave(null)}
          onLeft={closeIfOpen}
        />
      )}
    </div>
  );
}
