const bone = "animate-pulse bg-zinc-200/80 motion-reduce:animate-none";

/** Which screen's shape to draw while the session is checked, from the address alone. */
export type BootShape = "profile" | "feed" | "chat" | "list" | "page";

export function bootShapeOf(pathname: string): BootShape {
  const [section = "", ...rest] = pathname.toLowerCase().split("/").filter(Boolean);
  if (section === "profile") return "profile";
  if (section === "chat") return "chat";
  if (section === "notifications") return "list";
  if (section === "post" && rest[0] !== "new") return "feed";
  return "page";
}

/** The screen's placeholder shape; hidden from assistive technology, which hears the status instead. */
export function BootSkeleton({ shape }: { shape: BootShape }) {
  return (
    <div aria-hidden="true" className={shape === "chat" ? "h-full" : ""}>
      {shape === "profile" ? (
        <ProfileShape />
      ) : shape === "feed" ? (
        <FeedShape />
      ) : shape === "chat" ? (
        <ChatShape />
      ) : shape === "list" ? (
        <Rows />
      ) : (
        <div className={`${bone} mx-auto h-72 max-w-xl rounded-2xl`} />
      )}
    </div>
  );
}

function ProfileShape() {
  return (
    <div className="mx-auto max-w-[935px] space-y-8">
      <div className="flex items-center gap-5 sm:gap-12">
        <div className={`${bone} size-[84px] shrink-0 rounded-full sm:size-[150px] md:mx-8`} />
        <div className="flex-1 space-y-4">
          <div className={`${bone} h-5 w-36 rounded-md`} />
          <div className={`${bone} h-4 w-56 max-w-full rounded-md`} />
          <div className={`${bone} h-3.5 w-44 max-w-full rounded-md`} />
        </div>
      </div>
      <div className="-mx-4 grid grid-cols-2 gap-0.5 border-t border-zinc-200 pt-12 sm:mx-0 sm:grid-cols-3 sm:gap-1">
        {["a", "b", "c", "d", "e", "f"].map((cell) => (
          <div key={cell} className={`${bone} aspect-square`} />
        ))}
      </div>
    </div>
  );
}

function FeedShape() {
  return (
    <>
      {/* The stories strip above the posts, under the header on phones as the feed draws it. */}
      <div className="-mx-4 -mt-[calc(1.5rem+1px)] mb-4 flex gap-3 overflow-hidden border-b border-zinc-200 bg-white px-4 py-3 sm:mx-auto sm:mt-0 sm:mb-6 sm:max-w-[540px] sm:gap-4 sm:rounded-2xl sm:border">
        {["a", "b", "c", "d", "e", "f"].map((tile) => (
          <div key={tile} className="flex w-[4.5rem] shrink-0 flex-col items-center gap-1.5">
            <div className={`${bone} size-16 rounded-full`} />
            <div className={`${bone} h-2.5 w-12 rounded`} />
          </div>
        ))}
      </div>
      <div className="mx-auto max-w-[470px] -mx-4 border-y border-zinc-200 bg-white sm:mx-auto sm:rounded-2xl sm:border">
        <div className="flex items-center gap-3 px-4 py-3">
          <div className={`${bone} size-9 rounded-full`} />
          <div className={`${bone} h-3 w-28 rounded-md`} />
        </div>
        <div className={`${bone} aspect-[4/5]`} />
        <div className="space-y-3 px-4 py-4">
          <div className={`${bone} h-3 w-20 rounded-md`} />
          <div className={`${bone} h-3 w-4/5 rounded-md`} />
        </div>
      </div>
    </>
  );
}

function Rows() {
  return (
    <div className="mx-auto max-w-2xl space-y-1">
      {["w-28", "w-20", "w-32", "w-24", "w-16"].map((width) => (
        <div key={width} className="flex items-center gap-3 px-3 py-2.5">
          <div className={`${bone} size-12 shrink-0 rounded-full`} />
          <div className="flex-1 space-y-2">
            <div className={`${bone} h-3 rounded-md ${width}`} />
            <div className={`${bone} h-2.5 w-4/5 rounded-md`} />
          </div>
        </div>
      ))}
    </div>
  );
}

function ChatShape() {
  return (
    <div className="flex h-full overflow-hidden bg-white lg:rounded-3xl lg:border lg:border-zinc-200/80">
      <div className="w-full space-y-3 px-2 pt-4 md:w-80 md:shrink-0 md:border-r md:border-zinc-200/80 lg:w-96">
        <div className={`${bone} mx-2 h-10 rounded-xl`} />
        <Rows />
      </div>
      <div className="hidden flex-1 bg-zinc-50/60 md:block" />
    </div>
  );
}
