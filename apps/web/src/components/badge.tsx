/**
 * The count on a phone tab's icon: at its top-right corner, the left edge just short of the icon's
 * middle, so a longer count ("12", "99+") grows rightwards off the icon rather than over it; a little
 * smaller than the rail's, so that "99+" stays inside its tab from a 320px screen up.
 */
export const PHONE_TAB_BADGE = "absolute -top-2 left-2 max-lg:px-1 max-lg:text-[10px] lg:hidden";

/**
 * Unread count pill; renders nothing at zero so an empty badge never shows. `ring` sets it off from an
 * icon it sits on the corner of (white by default); a pill in a row of its own has none ("").
 */
export function CountBadge({
  count,
  className = "",
  ring = "ring-2 ring-white",
}: {
  count: number;
  className?: string;
  ring?: string;
}) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={`bg-brand inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1.5 text-[11px] leading-none font-semibold text-white ${ring} ${className}`}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}
