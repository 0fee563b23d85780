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
