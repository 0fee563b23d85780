import type { Flick } from "@flik/shared";
import { useMemo } from "react";
import { applyLikeIntent, useLikeIntent } from "../../posts/cache/post-shadow";

/** The flick as the member should see it: the cache's copy with their pending like (on the post) applied. */
export function useFlickView(flick: Flick): Flick {
  const liked = useLikeIntent(flick._id);
  return useMemo(() => applyLikeIntent(flick, liked), [flick, liked]);
}
