import { lazyPart } from "../../layout/components/lazy-part";
import type { StoryViewerProps } from "./story-viewer";

// Loaded on the first story opened: the feed's first screen carries only the strip.
const StoryViewer = lazyPart(async () => (await import("./story-viewer")).StoryViewer);

/** The stories viewer, its code fetched when first opened; closed again if it can't be. */
export function LazyStoryViewer(props: StoryViewerProps) {
  return <StoryViewer {...props} onUnavailable={props.onClose} />;
}
