import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useLogout } from "../hooks/use-logout";

/** Asked once more before the session ends: one slip must not sign the member out. */
export function LogOutDialog({ onClose }: { onClose: () => void }) {
  const logout = useLogout();
  return (
    <ConfirmDialog
      title="Log out?"
      confirmLabel="Log out"
      busyLabel="Logging out..."
      busy={logout.isPending}
      onConfirm={() => logout.mutate()}
      onCancel={onClose}
    >
      <p>You'll need your email or username and your password to log in again on this device.</p>
    </ConfirmDialog>
  );
}
