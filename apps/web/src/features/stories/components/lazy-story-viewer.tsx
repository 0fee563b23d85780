import { lazy, Suspense } from "react";
import type { StoryViewerProps } from "./story-viewer";

// Loaded on the first story opened: the feed's first screen carries only the strip.
const StoryViewer = lazy(() => import("./story-viewer").then((module) => ({ default: module.StoryViewer })));

/** The stories viewer, its code fetched when first opened. */
export function LazyStoryViewer(props: StoryViewerProps) {
  return (
    <Suspense fallback={null}>
      <StoryViewer {...props} />
    </Suspense>
  );
}
