import { useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { Spinner } from "../../../components/spinner";
import { AUTH_TOASTS, toast } from "../../../lib/toast";
import { useExternalProvider } from "../api/providers.queries";
import { startExternalSignIn } from "../external/external-sign-in";
import { forgetExternalSignInStarted, markExternalSignInStarted } from "../external/external-state";
import { providerUnreachable } from "../external/external-texts";

/**
 * "Continue with {provider}" under the sign-in and sign-up forms (issue 19), shown only once the server
 * has said which provider it signs in with. It sends the browser to the provider, remembering
 * `returnTo` (checked again on the way back, as password sign-in checks its origin).
 */
export function ExternalSignInButton({ returnTo }: { returnTo: string }) {
  const provider = useExternalProvider();
  const [leaving, setLeaving] = useState(false);
  if (!provider) return null;

  async function start() {
    if (!provider || leaving) return;
    setLeaving(true);
    markExternalSignInStarted();
    try {
      await startExternalSignIn(provider, { purpose: "signin", returnTo });
    } catch (error) {
      console.error("External sign-in could not start", error);
      forgetExternalSignInStarted();
      toast.error(providerUnreachable(provider.name), AUTH_TOASTS);
    }
    // Back here: the provider could not be reached, or the member came back from it with Back.
    setLeaving(false);
  }

  const label = `Continue with ${provider.name}`;
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs font-medium text-zinc-500 uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-zinc-200" />
        or
        <span className="h-px flex-1 bg-zinc-200" />
      </div>
      <button
        type="button"
        onClick={start}
        // Held, not disabled: the focus stays on it while the provider is asked, and after a failure.
        aria-disabled={leaving || undefined}
        aria-busy={leaving || undefined}
        className={`${buttonStyles.secondary} mt-6 w-full aria-disabled:cursor-wait aria-disabled:opacity-60`}
      >
        {leaving && <Spinner className="size-4 border-2" />}
        {label}
      </button>
    </div>
  );
}
