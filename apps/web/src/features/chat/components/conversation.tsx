import type { Chat, Message } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useFocusWhenClosed } from "../../../lib/use-focus-when-closed";
import { useHasBlocked } from "../../blocks/blocked";
import { BlockDialog } from "../../blocks/components/block-dialog";
import { useMessagesQuery } from "../api/chats.queries";
import { flattenMessages } from "../cache/chat-cache";
import { chatPartner } from "../chat-format";
import { CANT_MESSAGE_TEXT } from "../hooks/outbox-delivery";
import {
  useAcceptChat,
  useDeleteMessage,
  useEditMessage,
  useRemoveRequest,
} from "../hooks/use-chat-mutations";
import { useChatRoom } from "../hooks/use-chat-room";
import { useMarkSeen } from "../hooks/use-mark-seen";
import { liftRefusals, type Outbox } from "../hooks/use-outbox";
import { useTypingEmitter } from "../hooks/use-typing-emitter";
import { useTypingUsers } from "../hooks/use-typing-users";
import { BlockedBar } from "./blocked-bar";
import { LoadError, MessagesSkeleton } from "./chat-states";
import { Composer } from "./composer";
import { ConversationHeader } from "./conversation-header";
import { MessageLog } from "./message-log";
import { RenameGroupDialog } from "./rename-group-dialog";
import { RequestBar } from "./request-bar";
import { TypingIndicator } from "./typing-indicator";

interface ConversationProps {
  chat: Chat;
  viewerId: string;
  outbox: Outbox;
  onBack: () => void;
  onDelete: () => void;
  /** Leave the group (offered in groups). */
  onLeave?: () => void;
}

/** The right pane: one chat's messages, who is typing, and the send box. */
export function Conversation({ chat, viewerId, outbox, onBack, onDelete, onLeave }: ConversationProps) {
  useChatRoom(chat._id, !chat.isRequest);
  const query = useMessagesQuery(chat._id);
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  const { fetchNextPage } = query;
  // A read again that failed (offline, the server away) keeps the messages shown; only a history never
  // read stands in the log's place.
  const historyFailed = query.isLoadingError;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useMarkSeen(chat, messages, query.isSuccess);
  const typingUsers = useTypingUsers(chat._id);
  const { onTyping, stopTyping } = useTypingEmitter(chat._id);
  const editMessage = useEditMessage();
  const deleteMessage = useDeleteMessage();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Message | null>(null);
  // A deleted message takes its Delete button, which the dialog would give the focus back to: the log
  // has it then (not the message box, which would bring a phone's keyboard up).
  const logRef = useRef<HTMLDivElement>(null);
  useFocusWhenClosed(toDelete !== null, () => logRef.current);
  // A temporary message goes once the server's copy (same clientId) is in the history.
  const delivered = new Set(messages.map((m) => m.clientId).filter(Boolean));
  const pending = outbox.pending.filter((p) => p.chatId === chat._id && !delivered.has(p.clientId));
  // A block either way: the history stays readable, but nothing more can be sent. The viewer's own
  // blocks are in their account; the other member's show only when the server refuses a message.
  const partner = chatPartner(chat, viewerId);
  const blocked = useHasBlocked(partner?._id);
  const refused = blocked ? CANT_MESSAGE_TEXT : pending.find((p) => p.refused)?.refused;
  // Opening the chat again asks the server again: a refusal from an earlier look at it (a block since
  // lifted without a word to this member) gives the message box back, and the next send is judged anew.
  const queryClient = useQueryClient();
  useEffect(() => liftRefusals(queryClient, chat._id), [queryClient, chat._id]);
  // The message box gone under the focus (a send refused): the refusal in its place takes it, saying why.
  const refusalRef = useRef<HTMLParagraphElement>(null);
  useFocusWhenClosed(!refused, () => refusalRef.current);
  const [blocking, setBlocking] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const accept = useAcceptChat();
  const removeRequest = useRemoveRequest(onBack);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <ConversationHeader
        chat={chat}
        viewerId={viewerId}
        onBack={onBack}
        onDelete={onDelete}
        onRename={() => setRenaming(true)}
        onLeave={onLeave}
        onBlock={partner && !blocked ? () => setBlocking(true) : undefined}
      />
      {historyFailed ? (
        <div className="flex-1">
          <LoadError
            text="Couldn't load messages."
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        </div>
      ) : query.isPending ? (
        <MessagesSkeleton />
      ) : (
        <MessageLog
          ref={logRef}
          chat={chat}
          viewerId={viewerId}
          messages={messages}
          pending={pending}
          hasOlder={query.hasNextPage}
          loadingOlder={query.isFetchingNextPage}
          olderFailed={query.isFetchNextPageError}
          onLoadOlder={loadOlder}
          editingId={editingId}
          onEdit={setEditingId}
          canEdit={!refused}
          onSave={(message, text) => {
            setEditingId(null);
            editMessage.mutate({ message, text });
          }}
          onDelete={setToDelete}
          onRetry={outbox.retry}
          onDiscard={outbox.discard}
        />
      )}
      <TypingIndicator usernames={typingUsers} />
      {blocked && partner ? (
        <BlockedBar partner={partner} />
      ) : chat.isRequest && !refused ? (
        <RequestBar
          chat={chat}
          viewerId={viewerId}
          accepting={accept.isPending}
          onAccept={() => accept.mutate(chat._id)}
          onDelete={onDelete}
          onBlock={partner ? () => setBlocking(true) : undefined}
        />
      ) : refused ? (
        <p
          ref={refusalRef}
          role="status"
          tabIndex={-1}
          className="border-t border-zinc-200/80 bg-white px-4 py-4 text-center text-sm font-medium text-zinc-500 focus-visible:-outline-offset-4"
        >
          {refused}
        </p>
      ) : historyFailed ? null : (
        // Without the history, a message would be sent into a conversation the member can't read: the
        // box comes back with it (Retry above).
        <Composer
          chatId={chat._id}
          // Opening a chat is for writing in it: the message box takes the focus.
          autoFocus
          onTyping={onTyping}
          onSend={(text) => {
            stopTyping();
            outbox.send(chat._id, text);
          }}
        />
      )}
      {renaming && chat.isGroupChat && <RenameGroupDialog chat={chat} onClose={() => setRenaming(false)} />}
      {blocking && partner && (
        <BlockDialog
          member={partner}
          onClose={() => setBlocking(false)}
          // Blocking from a request answers it: the request goes too (Instagram's Block in requests).
          onBlocked={chat.isRequest ? () => removeRequest(chat._id) : undefined}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          title="Delete message?"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={deleteMessage.isPending}
          onCancel={() => setToDelete(null)}
          onConfirm={() => deleteMessage.mutate(toDelete, { onSettled: () => setToDelete(null) })}
        >
          <p>It will be removed for everyone in this chat.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
