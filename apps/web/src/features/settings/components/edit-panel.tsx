import type { ReactNode, RefObject } from "react";
import { Dialog } from "../../../components/dialog";
import { VerifiedBadge } from "./settings-section";

/**
 * Spec §2's edit panels: a dialog that slides in from the right (the whole screen on phones) with a
 * heading and a Close button; focus moves in, stays inside until it closes (Escape, Close, the
 * backdrop) and then goes back to what opened it.
 */
export function EditPanel({
  title,
  onClose,
  children,
  initialFocus,
  dismissible = true,
  describedBy,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  initialFocus?: RefObject<HTMLElement | null>;
  dismissible?: boolean;
  /** What the panel is read with as it opens (a warning that must not be missed). */
  describedBy?: string;
}) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      placement="side"
      size="md"
      initialFocus={initialFocus}
      dismissible={dismissible}
      describedBy={describedBy}
      bodyClassName="px-5 py-6 sm:px-6"
    >
      {children}
    </Dialog>
  );
}

/** A short paragraph under a panel's heading: what the panel changes and what happens next. */
export function PanelIntro({ children }: { children: ReactNode }) {
  return <p className="mb-6 text-sm text-zinc-600">{children}</p>;
}

/** An inline failure under a panel's form, kept after its toast has gone. */
export function PanelFailure({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

/**
 * What a panel changes as it is now (the e-mail, the phone) with its verified status beside the label;
 * the value has the card's whole width and wraps, so a long address is never cut off on a phone.
 */
export function CurrentValue({
  label,
  value,
  verified,
  numeric = false,
  children,
}: {
  label: string;
  value: string;
  verified: boolean;
  numeric?: boolean;
  /** What the member may do with the value as it is (verify it), under it. */
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 rounded-xl border border-zinc-200 px-4 py-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs font-medium text-zinc-600">{label}</p>
        <VerifiedBadge verified={verified} />
      </div>
      <p className={`mt-1 text-sm font-semibold break-words text-zinc-900 ${numeric ? "tabular-nums" : ""}`}>
        {value}
      </p>
      {children}
    </div>
  );
}
