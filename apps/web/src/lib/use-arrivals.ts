import { useLayoutEffect, useRef } from "react";

/**
 * Tells `onArrival`, once they are drawn, of the items shown now that were not at the last render: a
 * comment just posted, a highlight just added. Not the first items shown (`undefined` while there are
 * none yet to show): they came with the screen.
 */
export function useArrivals<T extends { _id: string }>(
  items: readonly T[] | undefined,
  onArrival: (arrived: T[]) => void,
): void {
  const shown = useRef<ReadonlySet<string> | null>(null);
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = items ? new Set(items.map((item) => item._id)) : null;
    if (!items || !before) return;
    const arrived = items.filter((item) => !before.has(item._id));
    if (arrived.length > 0) onArrival(arrived);
  });
}
