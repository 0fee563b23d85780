import { useEffect, useRef, useState } from "react";
import { useRouteError } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { AlertIcon } from "../../../components/icons";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useScreenFailed } from "../screen-failure";

const CODE_MISSING = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/**
 * Whether a screen's code could not be downloaded: the member is offline, Flik's server is away, or a
 * new version replaced the files this page knew of. Each browser words it its own way, and a module
 * loader may wrap it as its `cause` (Vitest's does).
 */
export function isScreenCodeMissing(error: unknown): boolean {
  const wrapped = error instanceof Error ? error.cause : undefined;
  return [error, wrapped].some((each) => each instanceof Error && CODE_MISSING.test(each.message));
}

export const SCREEN_CODE_MISSING = {
  title: "Couldn't load this screen",
  text: "Check your connection and try again.",
  stillAway: "Still can't reach Flik. Check your connection and try again.",
} as const;

/**
 * Last resort when a screen cannot be shown (its code failed to download, or it threw while rendering):
 * say which, and offer to load it again instead of a blank page. `framed` when it stands in a screen's
 * place inside the header and tabs, which stay usable around it.
 */
export function RouteErrorScreen({ framed = false }: { framed?: boolean }) {
  const error = useRouteError();
  useScreenFailed();
  const codeMissing = isScreenCodeMissing(error);
  useDocumentTitle(codeMissing ? SCREEN_CODE_MISSING.title : "Something went wrong");
  useEffect(() => console.error(error), [error]);
  const body = codeMissing ? (
    <ScreenCodeMissing />
  ) : (
    <>
      <h1 className="text-xl font-semibold text-zinc-900">Something went wrong</h1>
      <p className="max-w-sm text-sm text-zinc-600">
        This screen hit an unexpected problem. Reloading usually helps.
      </p>
      <button type="button" onClick={() => window.location.reload()} className={buttonStyles.primary}>
        Reload
      </button>
    </>
  );
  const icon = (
    <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
      <AlertIcon className="size-7" />
    </span>
  );
  return framed ? (
    <div className="flex flex-col items-center gap-4 px-6 py-20 text-center">
      {icon}
      {body}
    </div>
  ) : (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      {icon}
      {body}
    </main>
  );
}

/**
 * The page loads again (a route remembers a failed download, and a new version needs its new files)
 * once Flik answers; while it does not, the member stays here with their header and tabs, and is told.
 */
function ScreenCodeMissing() {
  const [trying, setTrying] = useState(false);
  const [stillAway, setStillAway] = useState(false);

  async function tryAgain() {
    setTrying(true);
    setStillAway(false);
    try {
      // A server that takes the connection and never answers is as away as one that refuses it.
      const answer = await fetch("/api/health", { cache: "no-store", signal: AbortSignal.timeout(10_000) });
      if (answer.ok) {
        window.location.reload();
        return;
      }
    } catch {
      // Not reached: said below.
    }
    setTrying(false);
    setStillAway(true);
  }

  // The connection back: tried again by itself, as every list of the page is read again by itself
  // (not over a try already under way).
  const again = useRef(tryAgain);
  again.current = () => (trying ? Promise.resolve() : tryAgain());
  useEffect(() => {
    const onOnline = () => void again.current();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, []);

  return (
    <>
      <h1 className="text-xl font-semibold text-zinc-900">{SCREEN_CODE_MISSING.title}</h1>
      <p role="alert" className="max-w-sm text-sm text-zinc-600">
        {stillAway ? SCREEN_CODE_MISSING.stillAway : SCREEN_CODE_MISSING.text}
      </p>
      {/* Not disabled while trying: a disabled button drops the focus, and a keyboard member would lose
          their place to press it again. */}
      <button
        type="button"
        onClick={() => !trying && tryAgain()}
        aria-disabled={trying}
        className={buttonStyles.primary}
      >
        {trying ? "Trying again..." : "Try again"}
      </button>
    </>
  );
}
