import { type ComponentType, type ReactNode, useId } from "react";
import { CheckIcon, ChevronRightIcon } from "../../../components/later-icons";

export const cardClass = "overflow-hidden rounded-2xl border border-zinc-200/80 bg-white shadow-sm";

/** One of spec §2's settings sections: a small heading over a card of rows. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <div className="mb-2 px-1">
        <h2 id={id} className="text-xs font-semibold tracking-wide text-zinc-600 uppercase">
          {title}
        </h2>
        {description && <p className="mt-0.5 text-sm text-zinc-600">{description}</p>}
      </div>
      <div className={`${cardClass} divide-y divide-zinc-100`}>{children}</div>
    </section>
  );
}

interface SettingsRowProps {
  icon: ComponentType<{ className?: string }>;
  title: string;
  /** The current value or a short explanation, under the title. */
  detail?: ReactNode;
  /** A status beside the chevron (Verified, Public…). */
  status?: ReactNode;
  onClick: () => void;
  /** The row opens an edit panel (a dialog) rather than acting at once. */
  opensPanel?: boolean;
  /**
   * Working (a download, a logout): further clicks do nothing. Not `disabled`, which would drop the
   * focus to the page, and a dialog closing meanwhile could not give it back.
   */
  busy?: boolean;
  tone?: "default" | "danger";
}

/**
 * A settings row: its title is the button, named by the title alone and described by the status and
 * value beside it, so a screen reader says "Email, button, Verified alice@example.com". The status and
 * value sit outside the button (a control's name has to hold all the text inside it, WCAG 2.5.3), and
 * the button's ::after stretches over the whole row, so a click or tap anywhere on it opens it; the row
 * shows the hover, focus and busy states.
 */
export function SettingsRow({
  icon: Icon,
  title,
  detail,
  status,
  onClick,
  opensPanel = true,
  busy = false,
  tone = "default",
}: SettingsRowProps) {
  const id = useId();
  const danger = tone === "danger";
  const described = [status ? `${id}-status` : "", detail ? `${id}-detail` : ""].filter(Boolean).join(" ");
  return (
    <div
      className={`relative flex w-full items-center gap-3.5 px-4 py-3.5 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-fuchsia-600 has-aria-disabled:cursor-wait has-aria-disabled:opacity-60 sm:px-5 ${
        danger
          ? "hover:bg-red-50 has-[:focus-visible]:bg-red-50"
          : "hover:bg-zinc-50 has-[:focus-visible]:bg-zinc-50"
      }`}
    >
      <span
        className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${
          danger ? "bg-red-50 text-red-600" : "bg-zinc-100 text-zinc-700"
        }`}
      >
        <Icon className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        {/* As tall as a status badge, so rows with and without one are the same height. */}
        <span className="flex min-h-6 flex-wrap items-center gap-x-2 gap-y-1">
          <button
            type="button"
            onClick={() => !busy && onClick()}
            aria-disabled={busy || undefined}
            aria-haspopup={opensPanel ? "dialog" : undefined}
            aria-describedby={described || undefined}
            className={`text-left text-sm font-semibold after:absolute after:inset-0 after:content-[''] focus-visible:outline-none aria-disabled:cursor-wait ${
              danger ? "text-red-600" : "text-zinc-900"
            }`}
          >
            {title}
          </button>
          {status && <span id={`${id}-status`}>{status}</span>}
        </span>
        {detail && (
          <span id={`${id}-detail`} className="mt-0.5 block truncate text-sm text-zinc-600">
            {detail}
          </span>
        )}
      </span>
      {opensPanel && <ChevronRightIcon className="size-5 shrink-0 text-zinc-400" />}
    </div>
  );
}

/** Spec §2's verified status of the e-mail and the phone. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
      <CheckIcon className="size-3.5" />
      Verified
    </span>
  ) : (
    <span className="inline-flex shrink-0 items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
      Not verified
    </span>
  );
}
