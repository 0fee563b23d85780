import { useRef } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { Dialog } from "../../../components/dialog";

export const HANDOFF_TEXTS = {
  title: (username: string) => `Continue as @${username}?`,
  switching: (current: string | null, next: string) =>
    `You're signed in here as ${current ? `@${current}` : "another account"}. Continuing signs this browser in as @${next} instead.`,
  signingIn: (next: string) =>
    `A link is signing this browser in as @${next}. Continue only if you opened it to sign in yourself.`,
  continue: "Continue",
  cancel: "Cancel",
} as const;

/**
 * Asked before a hand-off link switches the browser to another member, or signs in a browser that did
 * not start a sign-in (issue 19). Cancel has the focus: nothing changes unless the member says so.
 */
export function HandoffDialog({
  username,
  currentUsername,
  switching,
  onContinue,
  onCancel,
}: {
  username: string;
  currentUsername: string | null;
  switching: boolean;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={HANDOFF_TEXTS.title(username)} onClose={onCancel} size="sm" initialFocus={cancelRef}>
      <p className="text-sm text-zinc-600">
        {switching ? HANDOFF_TEXTS.switching(currentUsername, username) : HANDOFF_TEXTS.signingIn(username)}
      </p>
      <div className="mt-6 grid grid-cols-2 gap-3">
        <button ref={cancelRef} type="button" onClick={onCancel} className={buttonStyles.secondary}>
          {HANDOFF_TEXTS.cancel}
        </button>
        <button type="button" onClick={onContinue} className={buttonStyles.primary}>
          {HANDOFF_TEXTS.continue}
        </button>
      </div>
    </Dialog>
  );
}
