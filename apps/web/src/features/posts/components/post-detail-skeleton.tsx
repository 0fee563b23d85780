const bone = "animate-pulse bg-zinc-200/80 motion-reduce:animate-none";

/** The post screen's frame while the post loads, the same size as the loaded screen. */
export function PostDetailSkeleton() {
  return (
    <div aria-busy="true" className={detailFrameClass}>
      <p role="status" className="sr-only">
        Loading post...
      </p>
      <div className="flex items-center gap-3 px-4 py-3 md:col-start-2 md:row-start-1">
        <div className={`${bone} size-9 rounded-full`} />
        <div className="flex-1 space-y-2">
          <div className={`${bone} h-3 w-28 rounded-md`} />
          <div className={`${bone} h-2.5 w-16 rounded-md`} />
        </div>
      </div>
      <div
        className={`${bone} aspect-square md:col-start-1 md:row-span-2 md:row-start-1 md:aspect-auto md:h-full`}
      />
      <div className="space-y-4 p-4 md:col-start-2 md:row-start-2">
        <div className={`${bone} h-3 w-full rounded-md`} />
        <div className={`${bone} h-3 w-2/3 rounded-md`} />
        <div className={`${bone} h-9 w-full rounded-full`} />
      </div>
    </div>
  );
}

/**
 * Shared by the loaded screen and its skeleton: media left, details right on desktop; stacked on phones.
 * A wide screen gives the details 400 px, so the author's name stands whole beside Following and the menu.
 */
export const detailFrameClass =
  "-mx-4 overflow-hidden border-y border-zinc-200 bg-white sm:mx-0 sm:rounded-2xl sm:border sm:shadow-sm md:grid md:h-[min(82vh,680px)] md:grid-cols-[minmax(0,1fr)_minmax(300px,360px)] lg:grid-cols-[minmax(0,1fr)_minmax(300px,400px)] md:grid-rows-[auto_minmax(0,1fr)]";
