import { buttonStyles } from "../../../components/button-styles";
import { AlertIcon, BellIcon } from "../../../components/icons";

const bone = "animate-pulse bg-zinc-200/80 motion-reduce:animate-none";
const card = "rounded-2xl border border-zinc-200/80 bg-white shadow-sm";

/** Rows shaped like notifications, so nothing jumps when the real ones arrive. */
export function NotificationsSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading notifications...
      </p>
      <div aria-hidden="true" className={`${card} divide-y divide-zinc-100 overflow-hidden`}>
        {Array.from({ length: rows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
          <div key={index} className="flex items-center gap-3 px-3 py-3.5 sm:px-4">
            <div className={`${bone} size-11 shrink-0 rounded-full`} />
            <div className="flex-1 space-y-2">
              <div className={`${bone} h-3 w-3/4 rounded-md`} />
              <div className={`${bone} h-2.5 w-16 rounded-md`} />
            </div>
            <div className={`${bone} size-12 shrink-0 rounded-lg`} />
          </div>
        ))}
      </div>
    </div>
  );
}

export function NotificationsEmpty() {
  return (
    <section className={`${card} flex flex-col items-center px-6 py-14 text-center`}>
      <span className="bg-brand flex size-16 items-center justify-center rounded-2xl text-white shadow-lg shadow-fuchsia-600/25">
        <BellIcon className="size-8" />
      </span>
      <h2 className="mt-6 text-xl font-bold tracking-tight text-zinc-900">No notifications yet</h2>
      <p className="mt-2 max-w-xs text-sm text-zinc-600">
        When someone follows you, or likes, comments on or shares your posts, you'll see it here.
      </p>
    </section>
  );
}

/** Spec §8 only logs fetch errors; this small state keeps the screen from looking empty and offers a retry. */
export function NotificationsError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <section className={`${card} flex flex-col items-center px-6 py-12 text-center`}>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <AlertIcon className="size-7" />
      </span>
      <p className="mt-5 font-semibold text-zinc-900">Couldn't load notifications.</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className={`${buttonStyles.secondary} mt-6`}
      >
        {retrying ? "Retrying..." : "Try again"}
      </button>
    </section>
  );
}
