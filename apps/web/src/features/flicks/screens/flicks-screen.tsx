import { useSessionChecking } from "../../auth/session-check";
import { SkipLink } from "../../layout/components/skip-link";
import { FlicksFeed } from "../components/flicks-feed";
import { FlicksNav } from "../components/flicks-nav";
import { FlicksCheckingSession } from "../components/flicks-states";

/**
 * /flicks: the full-screen short-video feed with its own bottom navigation (spec §2). The tabs come
 * before the feed in the page, though drawn at the bottom: after an endless feed, Tab would never reach them.
 */
export function FlicksScreen() {
  const checking = useSessionChecking();
  return (
    <>
      <SkipLink />
      <FlicksNav />
      {checking ? <FlicksCheckingSession /> : <FlicksFeed />}
    </>
  );
}
