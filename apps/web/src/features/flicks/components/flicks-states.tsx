import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { AlertIcon, FlicksIcon, NewPostIcon } from "../../../components/icons";
import { Spinner } from "../../../components/spinner";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { CHECKING_AUTHENTICATION } from "../../auth/session-check";
import type { NewPostState } from "../../posts/screens/new-post-screen";
import { FlicksTopBar } from "./flicks-top-bar";

function Centered({ children, alert = false }: { children: ReactNode; alert?: boolean }) {
  return (
    <section
      role={alert ? "alert" : undefined}
      className="flex h-full flex-col items-center justify-center px-8 pb-16 text-center text-white lg:pb-0"
    >
      {children}
    </section>
  );
}

/** Spec §2: 'Loading Reels...' while the list is empty. */
export function FlicksLoading() {
  return (
    <div role="status" className="flex h-full flex-col items-center justify-center gap-4 pb-16 lg:pb-0">
      <Spinner className="size-9 border-white/20 border-t-white" />
      <p className="text-sm font-medium text-white/80">Loading Reels...</p>
    </div>
  );
}

/**
 * The screen's black frame while there is no feed to show (a reel's link loading, failed or
 * unavailable), with the feed's own landmarks: its top bar and the main the skip link goes to. While the
 * session is checked it has no top bar: its Back would be swapped for the feed's a moment later.
 */
export function FlicksFrame({ children, topBar = true }: { children: ReactNode; topBar?: boolean }) {
  useDocumentTitle("Flicks");
  return (
    <div className="fixed inset-0 bg-black">
      {topBar && <FlicksTopBar muted={null} onToggleMute={() => {}} />}
      {/* Centred beside the rail from 1024px, as the feed is. */}
      <main id="main" tabIndex={-1} aria-label="Flicks" className="h-dvh outline-none lg:pl-60">
        {children}
      </main>
    </div>
  );
}

/** A hard load while the session is checked (spec §2's text). */
export function FlicksCheckingSession() {
  return (
    <FlicksFrame topBar={false}>
      <div role="status" className="flex h-full flex-col items-center justify-center gap-4 pb-16 lg:pb-0">
        <Spinner className="size-9 border-white/20 border-t-white" />
        <p className="text-sm font-medium text-white/80">{CHECKING_AUTHENTICATION}</p>
      </div>
    </FlicksFrame>
  );
}

export function FlicksEmpty() {
  return (
    <Centered>
      <span className="bg-brand flex size-16 items-center justify-center rounded-2xl shadow-lg shadow-fuchsia-600/30">
        <FlicksIcon className="size-8" />
      </span>
      <h2 className="mt-6 text-xl font-bold tracking-tight">No reels yet</h2>
      {/* The flicks feed is every video post the member may see (spec §10), not only those followed. */}
      <p className="mt-2 max-w-xs text-sm text-white/70">Short videos shared on Flik show up here.</p>
      <Link
        to="/post/new"
        state={{ tab: "flick" } satisfies NewPostState}
        className={`${buttonStyles.primary} mt-7`}
      >
        <NewPostIcon className="size-5" />
        Share a flick
      </Link>
    </Centered>
  );
}

export function FlicksError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Centered alert>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-500/15 text-red-400">
        <AlertIcon className="size-7" />
      </span>
      <p className="mt-5 font-semibold">Something went wrong loading reels.</p>
      <p className="mt-1 text-sm text-white/70">Check your connection and try again.</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="mt-6 inline-flex items-center justify-center rounded-xl border border-white/20 bg-white/10 px-5 py-3 text-sm font-semibold text-white transition hover:bg-white/20 disabled:opacity-60"
      >
        {retrying ? "Retrying..." : "Try again"}
      </button>
    </Centered>
  );
}

/** A /reel/{id} link to an unknown, deleted or hidden flick, or to a post that is no video. */
export function ReelUnavailable() {
  return (
    <Centered>
      <span className="flex size-16 items-center justify-center rounded-2xl bg-white/10 text-white/70">
        <FlicksIcon className="size-8" />
      </span>
      <h2 className="mt-6 text-xl font-bold tracking-tight">This reel isn't available</h2>
      <p className="mt-2 max-w-xs text-sm text-white/70">
        It may have been deleted, or the link may be wrong.
      </p>
      <Link to="/flicks" className={`${buttonStyles.primary} mt-7`}>
        Watch other reels
      </Link>
    </Centered>
  );
}
