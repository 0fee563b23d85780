import type { ReactNode } from "react";
import { buttonStyles } from "../../../components/button-styles";

/**
 * A chat form dialog's foot (New group's, Rename group's): Cancel beside the form's own submit button,
 * each half the width. Cancel waits while the form is `busy`: what it sent is on its way either way.
 */
export function DialogActions({
  onCancel,
  busy,
  children,
}: {
  onCancel: () => void;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 pt-1">
      <button type="button" onClick={onCancel} disabled={busy} className={buttonStyles.secondary}>
        Cancel
      </button>
      {children}
    </div>
  );
}
