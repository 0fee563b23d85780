import { noteServerDate } from "./server-clock";

/**
 * The reads a signed-in page's first screen asks, sent as soon as the app's first script runs: they
 * travel while the signed-in screens' code downloads, instead of after it (on a slow link, about half a
 * second sooner). Each answer goes once to the first GET of its path that `apiFetch` makes with the
 * same session; one nobody takes within EARLY_READ_FOR_MS is dropped (its body let go), as is every
 * one at sign-out. Only what every signed-in screen asks (who is signed in, the badges) and the home
 * feed's first page are sent: a read sent in vain costs the server.
 */

/** The signed-in screens' addresses (app/routes.tsx, under RequireAuth). */
const SIGNED_IN_PAGE =
  /^\/(flicks|reel|profile|edit-profile|post|chat|notifications|settings|search|tags)(\/|$)/;
/** Asked by every signed-in screen: the session's member and the header's badges. */
const EVERY_SCREEN = ["/user", "/messages/unread-count", "/notifications?limit=1"];
/** Asked by the home feed (/post) besides. */
const HOME = ["/posts?limit=10", "/stories"];
/**
 * How long an answer waits to be taken: as long as a read may take (API_TIMEOUT_MS), so that a slow link,
 * where the screens' code takes longest, never pays for its reads twice. Not fresher than the page: the
 * socket's first connection reads again whatever its rooms heard since the page began.
 */
export const EARLY_READ_FOR_MS = 30_000;

interface EarlyRead {
  token: string;
  answer: Promise<Response>;
}

const reads = new Map<string, EarlyRead>();

/** The reads the page at `pathname` will ask first, signed in. */
export function earlyReadsFor(pathname: string): string[] {
  if (!SIGNED_IN_PAGE.test(pathname)) return [];
  return pathname === "/post" ? [...EVERY_SCREEN, ...HOME] : EVERY_SCREEN;
}

/** Lets an answer nobody will read go, body and all. */
function letGo(read: EarlyRead): void {
  read.answer.then((response) => response.body?.cancel()).catch(() => {});
}

/**
 * Sends the first reads of the page at `pathname` with the session `token`; each is given up after
 * `timeoutMs` (API_TIMEOUT_MS), failing as a read the server took too long to answer does.
 */
export function sendEarlyReads(apiBase: string, timeoutMs: number, pathname: string, token: string): void {
  const paths = earlyReadsFor(pathname);
  for (const path of paths) {
    const answer = fetch(`${apiBase}${path}`, {
      headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
      credentials: "include",
      signal: AbortSignal.timeout(timeoutMs),
    }).then((response) => {
      // As it comes: its Date is the server's time now (a home page's first reads are all early ones).
      noteServerDate(response.headers.get("date"));
      return response;
    });
    // Failed or never taken, it must not be an unhandled rejection; the one who takes it sees it fail.
    answer.catch(() => {});
    reads.set(path, { token, answer });
  }
  if (paths.length > 0) setTimeout(dropEarlyReads, EARLY_READ_FOR_MS);
}

/** The early answer to a GET of `path` with `token`, once; else undefined. */
export function takeEarlyRead(path: string, token: string | null): Promise<Response> | undefined {
  const read = reads.get(path);
  if (!read) return undefined;
  reads.delete(path);
  if (read.token === token) return read.answer;
  letGo(read);
  return undefined;
}

/** Lets every early read not yet taken go (its time is up; a sign-out). */
export function dropEarlyReads(): void {
  for (const read of reads.values()) letGo(read);
  reads.clear();
}
