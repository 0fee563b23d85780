import { ConfirmDialog } from "../../../components/confirm-dialog";
import type { useLogoutOthers } from "../hooks/use-sessions";

/**
 * "Log out of other devices", asked once more, in the same words from the Sessions row and from
 * Active sessions. Closes once the logout has settled (its toast says how it went).
 */
export function LogOutOthersDialog({
  logoutOthers,
  onClose,
}: {
  logoutOthers: ReturnType<typeof useLogoutOthers>;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title="Log out of other devices?"
      confirmLabel="Log out others"
      busyLabel="Logging out..."
      busy={logoutOthers.isPending}
      onConfirm={() => logoutOthers.mutate(undefined, { onSettled: onClose })}
      onCancel={onClose}
    >
      <p>
        Every other phone, tablet and browser signed in to your account will be logged out. This one stays.
      </p>
    </ConfirmDialog>
  );
}
