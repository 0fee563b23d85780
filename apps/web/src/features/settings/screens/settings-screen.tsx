import { useId, useState } from "react";
import { LogOutIcon, SparklesIcon } from "../../../components/icons";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { LogOutDialog } from "../../auth/components/log-out-dialog";

const cardClass = "overflow-hidden rounded-2xl border border-zinc-200/80 bg-white shadow-sm";

/**
 * /settings. The spec's sections (account, security, privacy, sessions, support) are still to come and
 * say so; logging out, which used to sit one slip away on the profile, lives here.
 */
export function SettingsScreen() {
  useDocumentTitle("Settings");
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-zinc-900">Settings</h1>

      <section aria-labelledby={`${id}-soon`} className={`${cardClass} flex items-start gap-4 p-5`}>
        <span className="bg-brand flex size-10 shrink-0 items-center justify-center rounded-xl text-white">
          <SparklesIcon className="size-5" />
        </span>
        <div>
          <h2 id={`${id}-soon`} className="text-sm font-semibold text-zinc-900">
            Coming soon
          </h2>
          <p className="mt-1 text-sm text-zinc-600">
            Account, security, privacy, sessions and support settings are on their way.
          </p>
        </div>
      </section>

      <section aria-labelledby={`${id}-account`}>
        <h2
          id={`${id}-account`}
          className="mb-2 px-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase"
        >
          Account
        </h2>
        <div className={cardClass}>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            aria-haspopup="dialog"
            className="flex w-full items-center gap-3 px-5 py-4 text-left text-sm font-semibold text-red-600 transition hover:bg-red-50 focus-visible:bg-red-50"
          >
            <LogOutIcon className="size-5" />
            Log out
          </button>
        </div>
      </section>

      {confirming && <LogOutDialog onClose={() => setConfirming(false)} />}
    </div>
  );
}
