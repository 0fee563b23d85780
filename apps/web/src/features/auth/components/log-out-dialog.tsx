import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useLogout } from "../hooks/use-logout";

/**
 * Asked once more before the session ends: one slip must not sign the member out. The member is signed
 * out whatever the server answers, unless `logout` ends the session its own way (Active sessions', which
 * keeps the member signed in and says so when the server refuses).
 */
export function LogOutDialog({
  onClose,
  logout: given,
}: {
  onClose: () => void;
  logout?: { mutate: () => void; isPending: boolean };
}) {
  const own = useLogout();
  const logout = given ?? own;
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
