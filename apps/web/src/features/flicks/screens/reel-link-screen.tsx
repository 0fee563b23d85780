import { useParams } from "react-router";
import { useSessionChecking } from "../../auth/session-check";
import { SkipLink } from "../../layout/components/skip-link";
import { isReelUnavailable, useReelQuery } from "../api/flicks.queries";
import { FlicksFeed } from "../components/flicks-feed";
import { FlicksNav } from "../components/flicks-nav";
import {
  FlicksCheckingSession,
  FlicksError,
  FlicksFrame,
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
      <SkipLink />
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
        <FlicksFrame>
          <FlicksLoading />
        </FlicksFrame>
      ) : reel.isError && (reel.data === undefined || isReelUnavailable(reel.error)) ? (
        <FlicksFrame>
          {isReelUnavailable(reel.error) ? (
            <ReelUnavailable />
          ) : (
            <FlicksError onRetry={() => reel.refetch()} retrying={reel.isFetching} />
          )}
        </FlicksFrame>
      ) : (
        // null once the reel was deleted here: the feed goes on without it.
        <FlicksFeed lead={reel.data ?? undefined} />
      )}
    </>
  );
}
