import type { ReactNode } from "react";
import { useParams } from "react-router";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useSessionChecking } from "../../auth/session-check";
import { isReelUnavailable, useReelQuery } from "../api/flicks.queries";
import { FlicksFeed } from "../components/flicks-feed";
import { FlicksNav } from "../components/flicks-nav";
import {
  FlicksCheckingSession,
  FlicksError,
  FlicksLoading,
  ReelUnavailable,
} from "../components/flicks-states";

/**
 * /reel/{id}, a reel's share link: the flicks feed, starting at that reel. A reel that is gone or was
 * never there says so, with a way on to the other reels.
 */
export function ReelLinkScreen() {
  const checking = useSessionChecking();
  return (
    <>
      {/* Before the feed, as on /flicks: Tab reaches the tabs. */}
      <FlicksNav />
      {checking ? <FlicksCheckingSession /> : <ReelLink />}
    </>
  );
}

function ReelLink() {
  const { id = "" } = useParams();
  const reel = useReelQuery(id);
  return (
    <>
      {reel.isPending ? (
        <Frame>
          <FlicksLoading />
        </Frame>
      ) : reel.isError ? (
        <Frame>
          {isReelUnavailable(reel.error) ? (
            <ReelUnavailable />
          ) : (
            <FlicksError onRetry={() => reel.refetch()} retrying={reel.isFetching} />
          )}
        </Frame>
      ) : (
        // null once the reel was deleted here: the feed goes on without it.
        <FlicksFeed lead={reel.data ?? undefined} />
      )}
    </>
  );
}

function Frame({ children }: { children: ReactNode }) {
  useDocumentTitle("Flicks");
  // Centred beside the rail from 1024px, as the feed is.
  return <div className="fixed inset-0 bg-black lg:pl-60">{children}</div>;
}
