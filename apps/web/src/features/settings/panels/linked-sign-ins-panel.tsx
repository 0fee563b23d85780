import type { LinkedIdentity, User } from "@flik/shared";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LinkIcon } from "../../../components/icons";
import { KeyIcon } from "../../../components/later-icons";
import { Spinner } from "../../../components/spinner";
import { toast } from "../../../lib/toast";
import { useExternalProvider } from "../../auth/api/providers.queries";
import { startExternalSignIn } from "../../auth/external/external-sign-in";
import { SETTINGS_PATH } from "../../auth/external/external-state";
import { providerUnreachable } from "../../auth/external/external-texts";
import { EditPanel, PanelIntro } from "../components/edit-panel";
import { IDENTITY_TEXTS, useIdentitiesQuery, useUnlinkIdentity } from "../hooks/use-identities";

const linkedDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

function linkedOn(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? "" : `Linked ${linkedDate.format(date)}`;
}

/** "Alice's Acme ID (alice@example.com)": what an Unlink button and its question name. */
function identityName(identity: LinkedIdentity): string {
  return identity.email ? `${identity.provider} (${identity.email})` : identity.provider;
}

/**
 * One linked sign-in. The member's only way to sign in (no password, nothing else linked) keeps its
 * Unlink in place, focusable but inert, with the reason read with it: a click that must fail is not offered.
 */
function IdentityRow({
  identity,
  onlyWay,
  onUnlink,
}: {
  identity: LinkedIdentity;
  onlyWay: boolean;
  onUnlink: () => void;
}) {
  const reasonId = useId();
  return (
    <li className="flex items-center gap-3 px-4 py-3.5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-zinc-100 text-zinc-700">
        <LinkIcon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold break-words text-zinc-900">{identity.provider}</p>
        {identity.email && (
          <p className="truncate text-sm text-zinc-600" title={identity.email}>
            {identity.email}
          </p>
        )}
        <p className="text-xs text-zinc-600">
          <time dateTime={identity.createdAt}>{linkedOn(identity.createdAt)}</time>
        </p>
        {onlyWay && (
          <p id={reasonId} className="mt-1 text-xs font-medium text-amber-800">
            {IDENTITY_TEXTS.onlyWay}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={onlyWay ? undefined : onUnlink}
        aria-haspopup={onlyWay ? undefined : "dialog"}
        aria-disabled={onlyWay || undefined}
        aria-describedby={onlyWay ? reasonId : undefined}
        aria-label={`Unlink ${identityName(identity)}`}
        className="shrink-0 rounded-lg border border-zinc-200 bg-white px-3 py-1.5 text-sm font-semibold text-zinc-800 transition hover:border-red-200 hover:bg-red-50 hover:text-red-700 aria-disabled:cursor-not-allowed aria-disabled:text-zinc-500 aria-disabled:hover:border-zinc-200 aria-disabled:hover:bg-white aria-disabled:hover:text-zinc-500"
      >
        Unlink
      </button>
    </li>
  );
}

/**
 * Settings › Linked sign-ins (issue 19): the external identities the member signs in with, each of
 * which can be unlinked (never the last way to sign in: it is not offered, and the server refuses it
 * should a password or another sign-in have gone meanwhile), and "Link {provider}" while a provider is
 * configured. A member without a password can set one by the e-mailed code.
 */
export function LinkedSignInsPanel({ user, onClose }: { user: User; onClose: () => void }) {
  const identities = useIdentitiesQuery();
  const provider = useExternalProvider();
  const unlink = useUnlinkIdentity();
  const [asking, setAsking] = useState<LinkedIdentity | null>(null);
  const [leaving, setLeaving] = useState(false);
  // An unlinked row goes with its button, which the confirmation would give the focus back to: the
  // focus goes to the first sign-in left that can be unlinked, else to the panel's list, never to the
  // page.
  const listRef = useRef<HTMLDivElement>(null);
  const [unlinked, setUnlinked] = useState(0);
  useEffect(() => {
    if (unlinked === 0) return;
    const frame = requestAnimationFrame(() => {
      const list = listRef.current;
      if (!list || list.contains(document.activeElement)) return;
      if (document.activeElement !== document.body && document.activeElement?.isConnected) return;
      (list.querySelector<HTMLElement>("li button:not([aria-disabled='true'])") ?? list).focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [unlinked]);

  async function link() {
    if (!provider || leaving) return;
    setLeaving(true);
    try {
      await startExternalSignIn(provider, { purpose: "link", returnTo: SETTINGS_PATH });
    } catch (error) {
      console.error("Linking could not start", error);
      toast.error(providerUnreachable(provider.name));
    }
    setLeaving(false);
  }

  const list = identities.data?.identities ?? [];
  const hasPassword = identities.data?.hasPassword;
  const onlyWay = hasPassword === false && list.length === 1;
  return (
    <EditPanel title="Linked sign-ins" onClose={onClose}>
      <PanelIntro>{hasPassword ? IDENTITY_TEXTS.introWithPassword : IDENTITY_TEXTS.intro}</PanelIntro>
      {identities.isPending ? (
        <p role="status" className="flex items-center justify-center gap-3 py-10 text-sm text-zinc-600">
          <Spinner className="size-5 border-2" />
          {IDENTITY_TEXTS.loading}
        </p>
      ) : identities.isLoadingError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-4 rounded-2xl bg-red-50 px-4 py-8 text-center"
        >
          <p className="text-sm font-semibold text-red-700">{IDENTITY_TEXTS.loadFailed}</p>
          <button
            type="button"
            onClick={() => identities.refetch()}
            disabled={identities.isFetching}
            className={buttonStyles.secondary}
          >
            {identities.isFetching ? "Retrying..." : "Try again"}
          </button>
        </div>
      ) : (
        <div ref={listRef} tabIndex={-1} className="outline-none">
          {list.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-600">
              {IDENTITY_TEXTS.none}
            </p>
          ) : (
            <ul
              aria-label="Linked sign-ins"
              className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200"
            >
              {list.map((identity) => (
                <IdentityRow
                  key={identity.id}
                  identity={identity}
                  onlyWay={onlyWay}
                  onUnlink={() => setAsking(identity)}
                />
              ))}
            </ul>
          )}
          {!identities.data.hasPassword && (
            <div className="mt-6 flex items-start gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
              <KeyIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
              <p>
                Your account has no password yet.{" "}
                <Link
                  to="/forgot"
                  state={{ email: user.email }}
                  className="rounded font-semibold underline underline-offset-4"
                >
                  Set a password
                </Link>{" "}
                with a code we e-mail you.
              </p>
            </div>
          )}
        </div>
      )}
      {provider && (
        <button
          type="button"
          onClick={link}
          // Held, not disabled: the focus stays on it while the provider is asked, and after a failure.
          aria-disabled={leaving || undefined}
          aria-busy={leaving || undefined}
          className={`${buttonStyles.secondary} mt-6 w-full aria-disabled:cursor-wait aria-disabled:opacity-60`}
        >
          {leaving ? <Spinner className="size-4 border-2" /> : <LinkIcon className="size-4" />}
          {`Link ${provider.name}`}
        </button>
      )}

      {asking && (
        <ConfirmDialog
          title={`Unlink ${asking.provider}?`}
          confirmLabel="Unlink"
          busyLabel="Unlinking..."
          busy={false}
          onConfirm={() => {
            unlink.mutate(asking);
            setAsking(null);
            setUnlinked((count) => count + 1);
          }}
          onCancel={() => setAsking(null)}
        >
          <p>You won't be able to sign in with {identityName(asking)} any more, unless you link it again.</p>
        </ConfirmDialog>
      )}
    </EditPanel>
  );
}
