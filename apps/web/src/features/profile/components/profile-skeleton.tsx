const bone = "animate-pulse bg-zinc-200/80 motion-reduce:animate-none";

export function GridSkeleton({ cells = 12, className = "" }: { cells?: number; className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`grid grid-cols-2 gap-0.5 sm:grid-cols-3 sm:gap-1 lg:grid-cols-4 ${className}`}
    >
      {Array.from({ length: cells }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <div key={index} className={`${bone} aspect-square`} />
      ))}
    </div>
  );
}

/** The profile's shape while it loads, so nothing jumps when it arrives. */
export function ProfileSkeleton() {
  return (
    <div aria-busy="true" className="space-y-8">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-5 gap-y-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-8 md:gap-x-12">
        <div className={`${bone} row-span-2 size-[84px] rounded-full sm:row-span-3 sm:size-[148px]`} />
        <p role="status" className="self-end text-sm font-medium text-zinc-500 sm:self-center">
          Loading profile...
        </p>
        <div className="flex gap-6 self-start sm:self-center">
          <div className={`${bone} h-9 w-12 rounded-md sm:h-5 sm:w-20`} />
          <div className={`${bone} h-9 w-16 rounded-md sm:h-5 sm:w-24`} />
          <div className={`${bone} h-9 w-16 rounded-md sm:h-5 sm:w-24`} />
        </div>
        <div className="col-span-2 space-y-2 sm:col-span-1 sm:col-start-2">
          <div className={`${bone} h-3.5 w-32 rounded-md`} />
          <div className={`${bone} h-3 w-56 max-w-full rounded-md`} />
        </div>
        <div className="col-span-2 flex gap-2 sm:hidden">
          <div className={`${bone} h-9 flex-1 rounded-lg`} />
          <div className={`${bone} h-9 flex-1 rounded-lg`} />
        </div>
      </div>
      <div className="flex gap-4 overflow-hidden">
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
          <div key={index} className={`${bone} size-16 shrink-0 rounded-full sm:size-20`} />
        ))}
      </div>
      <div className="-mx-4 border-t border-zinc-200 pt-12 sm:mx-0">
        <GridSkeleton />
      </div>
    </div>
  );
}
