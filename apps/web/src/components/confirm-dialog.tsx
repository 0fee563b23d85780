import { type ReactNode, useEffect, useId, useRef } from "react";
import { buttonStyles } from "./button-styles";
import { Dialog } from "./dialog";

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** While the action runs (none for an optimistic one, which closes at once). */
  busyLabel?: string;
  busy?: boolean;
  /**
   * Must change what the dialog draws (close it, or start what `busy` tells of): a second confirm is
   * taken only once the dialog has drawn again since the first (see `confirmed`).
   */
  onConfirm: () => void;
  onCancel: () => void;
}

/** A destructive action asked once more (chats, messages, reels, an unfollow). Cancel has the focus. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel = confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Read with what it is about: the focus starts on Cancel, past that text.
  const explanationId = useId();
  // A double click's second click comes before the first one's `busy` is drawn (a mutation's state is
  // told to the screen a task later): one confirm per drawing of the dialog, so the action is sent once.
  const confirmed = useRef(false);
  useEffect(() => {
    confirmed.current = false;
  });
  const confirm = () => {
    if (confirmed.current) return;
    confirmed.current = true;
    onConfirm();
  };
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      size="sm"
      initialFocus={cancelRef}
      dismissible={!busy}
      describedBy={explanationId}
    >
      <div id={explanationId} className="text-sm text-zinc-600">
        {children}
      </div>
      <div className="mt-6 grid grid-cols-2 gap-3">
        <button
          ref={cancelRef}
          type="button"
          onClick={onCancel}
          disabled={busy}
          className={buttonStyles.secondary}
        >
          Cancel
        </button>
        <button type="button" onClick={confirm} disabled={busy} className={buttonStyles.danger}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
