import { buttonStyles } from "../../../components/button-styles";
import { AlertIcon, BellIcon } from "../../../components/icons";
import { useRetryKeepsFocus } from "../../../components/load-error";
import { notificationLayout as layout } from "./notification-layout";

const bone = "animate-pulse bg-zinc-200/80 motion-reduce:animate-none";
/** A zero-width space: a line of its text's height, for a bone to sit in the middle of. */
const LINE = "\u200b";
const card = "rounded-2xl border border-zinc-200/80 bg-white shadow-sm";

/** Said while notifications load, to screen readers (the rows shaped like them are hidden from them). */
export function NotificationsLoading() {
  return (
    <p role="status" className="sr-only">
      Loading notifications...
    </p>
  );
}

/**
 * A row shaped like a notification, with the same columns (avatar, words, thumbnail, the unread dot's),
 * so nothing drops or shifts when the real one arrives. An `li` at the end of a loaded day's list, where
 * the next page's rows will come.
 */
export function NotificationSkeletonRow({ as: Row = "div" }: { as?: "div" | "li" }) {
  return (
    <Row aria-hidden={Row === "li" || undefined} data-skeleton-row="" className={layout.row}>
      <div className={`${bone} ${layout.avatarApart} ${layout.avatar} rounded-full`} />
      <div className={layout.opener}>
        {/* Lines of the words' and the time's own heights: the words take two lines on a
            phone (a name and "commented on your post" seldom fit one there), one from 640px. */}
        <div className={layout.words}>
          <div className="flex items-center text-sm leading-snug">
            {LINE}
            <span className={`${bone} h-3 w-3/4 rounded-md max-sm:w-11/12`} />
          </div>
          <div className="flex items-center text-sm leading-snug sm:hidden">
            {LINE}
            <span className={`${bone} h-3 w-1/2 rounded-md`} />
          </div>
          <div className="mt-1 flex items-center text-xs">
            {LINE}
            <span className={`${bone} h-2.5 w-16 rounded-md`} />
          </div>
        </div>
        <div className={`${bone} ${layout.thumbnail}`} />
      </div>
      <div className={layout.toggle}>
        <span className={`${bone} ${layout.dot}`} />
      </div>
    </Row>
  );
}

/** The list loading: rows shaped like notifications under a day's heading like theirs. */
export function NotificationsSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div>
      <NotificationsLoading />
      <div aria-hidden="true">
        {/* A line of the heading's own height, its words a bone. */}
        <div data-skeleton-heading="" className={`${layout.heading} flex items-center`}>
          {LINE}
          <span className={`${bone} h-3 w-14 rounded-md`} />
        </div>
        <div className={layout.card}>
          {Array.from({ length: rows }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
            <NotificationSkeletonRow key={index} />
          ))}
        </div>
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
export function NotificationsError({
  onRetry,
  retrying,
  olderOnly = false,
}: {
  onRetry: () => void;
  retrying: boolean;
  /** The list shows; only its next page failed. */
  olderOnly?: boolean;
}) {
  const retryRef = useRetryKeepsFocus();
  return (
    // Older ones failing as the member scrolled to them is said to screen readers too; the whole list's
    // failure shows in the screen's place, where they are.
    <section
      role={olderOnly ? "alert" : undefined}
      className={`${card} flex flex-col items-center px-6 py-12 text-center`}
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <AlertIcon className="size-7" />
      </span>
      <p className="mt-5 font-semibold text-zinc-900">
        {olderOnly ? "Couldn't load older notifications." : "Couldn't load notifications."}
      </p>
      {/* Not disabled while retrying, and the focus kept on the screen: the button goes as rows come. */}
      <button
        type="button"
        ref={retryRef}
        onClick={() => {
          if (!retrying) onRetry();
        }}
        aria-disabled={retrying || undefined}
        className={`${buttonStyles.secondary} mt-6 aria-disabled:cursor-wait aria-disabled:opacity-60`}
      >
        {retrying ? "Retrying..." : "Try again"}
      </button>
    </section>
  );
}
