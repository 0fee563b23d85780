import { ConfirmDialog } from "../../../components/confirm-dialog";
import type { BlockTarget } from "../cache/block-cache";
import { useBlockMember } from "../hooks/use-block-member";

interface BlockDialogProps {
  member: BlockTarget;
  onClose: () => void;
  /** After the block took effect (the dialog is closed first). */
  onBlocked?: (member: BlockTarget) => void;
}

/** Instagram's question before a block: what the member loses, and that they are not told. */
export function BlockDialog({ member, onClose, onBlocked }: BlockDialogProps) {
  const block = useBlockMember((target) => {
    onClose();
    onBlocked?.(target);
  });
  return (
    <ConfirmDialog
      title={`Block ${member.username}?`}
      confirmLabel="Block"
      busyLabel="Blocking..."
      busy={block.isPending}
      onConfirm={() => block.mutate(member)}
      onCancel={onClose}
    >
      <p>
        They won't be able to find your profile, posts or story, or message you. They won't be notified that
        you blocked them.
      </p>
    </ConfirmDialog>
  );
}
