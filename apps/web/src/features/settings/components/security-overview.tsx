import { SECURITY_SCORE_PERCENT } from "@flik/shared";
import { type ComponentType, useId } from "react";
import { CheckIcon } from "../../../components/later-icons";
import { cardClass } from "./settings-section";

const RING_RADIUS = 42;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/** Spec §9: the score is a fixed 75 %, drawn as a ring with the number inside. */
function ScoreRing() {
  const gradientId = useId();
  return (
    <div className="relative size-24 shrink-0">
      <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden="true">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="var(--color-brand-from)" />
            <stop offset="0.5" stopColor="var(--color-brand-via)" />
            <stop offset="1" stopColor="var(--color-brand-to)" />
          </linearGradient>
        </defs>
        <circle cx="50" cy="50" r={RING_RADIUS} fill="none" strokeWidth="9" className="stroke-zinc-100" />
        <circle
          cx="50"
          cy="50"
          r={RING_RADIUS}
          fill="none"
          strokeWidth="9"
          strokeLinecap="round"
          stroke={`url(#${gradientId})`}
          strokeDasharray={RING_LENGTH}
          strokeDashoffset={RING_LENGTH * (1 - SECURITY_SCORE_PERCENT / 100)}
        />
      </svg>
      <p className="absolute inset-0 flex flex-col items-center justify-center">
        <span className="text-xl font-bold tracking-tight text-zinc-900 tabular-nums">
          {SECURITY_SCORE_PERCENT}%
        </span>
      </p>
    </div>
  );
}

export interface QuickAction {
  icon: ComponentType<{ className?: string }>;
  label: string;
  onClick: () => void;
  opensPanel?: boolean;
  /** Working: further clicks do nothing (not `disabled`, which would drop the focus to the page). */
  busy?: boolean;
}

const TIPS = [
  "Use a password you don't use on any other site.",
  "Keep your email verified: it's how you reset a forgotten password.",
  "Add a phone number so we can reach you if something looks wrong.",
  "Log out of devices you don't recognise in Active sessions.",
  "Never share the 6-digit codes we send you. Flik will never ask for them.",
];

/**
 * Spec §2's side panel: the security score, quick actions and security tips. Beside the sections on
 * desktop, under them on phones.
 */
export function SecurityOverview({ actions }: { actions: QuickAction[] }) {
  const id = useId();
  return (
    <div className="space-y-4">
      <section aria-labelledby={`${id}-score`} className={`${cardClass} p-5`}>
        <div className="flex items-center gap-4">
          <ScoreRing />
          <div className="min-w-0">
            <h2 id={`${id}-score`} className="text-sm font-semibold text-zinc-900">
              Security score
            </h2>
            <p className="mt-0.5 text-sm font-semibold text-emerald-700">Good</p>
          </div>
        </div>
        <p className="mt-4 text-sm text-zinc-600">
          Your account is well protected. The tips below make it even safer.
        </p>
      </section>

      <section aria-labelledby={`${id}-actions`} className={`${cardClass} p-2`}>
        <h2 id={`${id}-actions`} className="px-3 pt-3 pb-2 text-sm font-semibold text-zinc-900">
          Quick actions
        </h2>
        <ul>
          {actions.map(({ icon: Icon, label, onClick, opensPanel = true, busy = false }) => (
            <li key={label}>
              <button
                type="button"
                onClick={() => !busy && onClick()}
                aria-disabled={busy || undefined}
                aria-haspopup={opensPanel ? "dialog" : undefined}
                className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-zinc-800 transition hover:bg-zinc-50 aria-disabled:cursor-wait aria-disabled:opacity-60"
              >
                <Icon className="size-5 shrink-0 text-fuchsia-700" />
                {label}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${id}-tips`} className={`${cardClass} p-5`}>
        <h2 id={`${id}-tips`} className="text-sm font-semibold text-zinc-900">
          Security tips
        </h2>
        <ul className="mt-3 space-y-3">
          {TIPS.map((tip) => (
            <li key={tip} className="flex gap-2.5 text-sm text-zinc-600">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              {tip}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
