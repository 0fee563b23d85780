import { type ReactNode, useId } from "react";

interface ExploreCardProps {
  title: string;
  /** Beside the title (a pause button). */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One of explore's cards (spec §2): a titled box in the side column, or in the row above the grid. */
export function ExploreCard({ title, action, children, className = "" }: ExploreCardProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-2xl border border-zinc-200/80 bg-white p-4 shadow-sm ${className}`}
    >
      <div className="mb-3 flex min-h-8 items-center justify-between gap-2">
        <h2 id={titleId} className="text-xs font-semibold tracking-[0.14em] text-zinc-500 uppercase">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export const cardBone = "animate-pulse rounded bg-zinc-200/80 motion-reduce:animate-none";
