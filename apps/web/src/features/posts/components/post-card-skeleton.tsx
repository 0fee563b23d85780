const bone = "animate-pulse bg-zinc-200/80 motion-reduce:animate-none";

/** A card-shaped placeholder of the same size as a post card, so nothing jumps when posts arrive. */
export function PostCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="-mx-4 border-y border-zinc-200 bg-white sm:mx-0 sm:overflow-hidden sm:rounded-2xl sm:border sm:shadow-sm"
    >
      <div className="flex items-center gap-3 px-4 py-3">
        <div className={`${bone} size-9 rounded-full`} />
        <div className="flex-1 space-y-2">
          <div className={`${bone} h-3 w-28 rounded-md`} />
          <div className={`${bone} h-2.5 w-16 rounded-md`} />
        </div>
      </div>
      <div className={`${bone} aspect-[4/5]`} />
      <div className="space-y-3 px-4 pt-4 pb-5">
        <div className="flex gap-3">
          <div className={`${bone} size-7 rounded-full`} />
          <div className={`${bone} size-7 rounded-full`} />
          <div className={`${bone} size-7 rounded-full`} />
        </div>
        <div className={`${bone} h-3 w-20 rounded-md`} />
        <div className={`${bone} h-3 w-4/5 rounded-md`} />
        <div className={`${bone} h-9 w-full rounded-full`} />
      </div>
    </div>
  );
}
