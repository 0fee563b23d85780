import { type Chat, chatTitle } from "@flik/shared";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useLeaveGroup } from "../hooks/use-chat-mutations";

interface LeaveGroupDialogProps {
  chat: Chat;
  viewerId: string;
  onClose: () => void;
  onLeft: (chatId: string) => void;
}

/** Asks before leaving a group (its messages stop reaching the member); a toast on failure. */
export function LeaveGroupDialog({ chat, viewerId, onClose, onLeft }: LeaveGroupDialogProps) {
  const leave = useLeaveGroup((chatId) => {
    onClose();
    onLeft(chatId);
  });
  return (
    <ConfirmDialog
      title={`Leave ${chatTitle(chat, viewerId)}?`}
      confirmLabel="Leave"
      busyLabel="Leaving..."
      busy={leave.isPending}
      onConfirm={() => leave.mutate(chat._id)}
      onCancel={onClose}
    >
      <p>You won't get messages from this group anymore.</p>
    </ConfirmDialog>
  );
}
