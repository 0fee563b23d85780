import { SkipLink } from "../../layout/components/skip-link";
import { FlicksFeed } from "../components/flicks-feed";
import { FlicksNav } from "../components/flicks-nav";

/** /flicks: the full-screen short-video feed with its own bottom navigation (spec §2). */
export function FlicksScreen() {
  return (
    <>
      <SkipLink />
      <FlicksFeed />
      <FlicksNav />
    </>
  );
}
