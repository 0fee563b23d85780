import { type Chat, chatTitle } from "@flik/shared";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useDeleteChat } from "../hooks/use-chat-mutations";

interface DeleteChatDialogProps {
  chat: Chat;
  viewerId: string;
  onClose: () => void;
  onDeleted: (chatId: string) => void;
}

/** Asks before deleting (the member's copy of the history goes with it); 'Failed to delete chat' on failure. */
export function DeleteChatDialog({ chat, viewerId, onClose, onDeleted }: DeleteChatDialogProps) {
  const deleteChat = useDeleteChat((chatId) => {
    onClose();
    onDeleted(chatId);
  });
  return (
    <ConfirmDialog
      title="Delete chat?"
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={deleteChat.isPending}
      onConfirm={() => deleteChat.mutate(chat._id)}
      onCancel={onClose}
    >
      {/* A group is no one to have a conversation "with": it is named as the chat itself. */}
      <p>
        {chat.isGroupChat ? "The group " : "Your conversation with "}
        <strong className="font-semibold text-zinc-900">{chatTitle(chat, viewerId)}</strong> will be removed
        from your list and its history cleared for you. Others keep their copy.
      </p>
    </ConfirmDialog>
  );
}
