import { FLICK_TOAST_MS, type Flick, reelPath } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { shareLink } from "../../../lib/clipboard";
import { toast } from "../../../lib/toast";
import { shareFlick } from "../api/flicks.api";
import { patchFlick } from "../cache/flick-cache";
import { flickFoundGone } from "./flick-found-gone";

export const REEL_LINK_COPIED = "Reel link copied to clipboard!";

/** The share-link shape of spec §2, absolute so it works outside the app. */
export function reelShareUrl(id: string): string {
  return new URL(reelPath(id), window.location.origin).href;
}

/** As a post's share (shareLink), with spec §8's toast for the copied link. */
export function useShareFlick(): (flick: Flick) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    (flick: Flick) =>
      shareLink({
        url: reelShareUrl(flick._id),
        title: `Reel by @${flick.uploadedBy.username} on Flik`,
        what: "reel",
        count: async () => {
          const { sharesCount } = await shareFlick(flick._id);
          patchFlick(queryClient, flick._id, (cached) => ({ ...cached, sharesCount }));
        },
        foundGone: (error) => flickFoundGone(queryClient, flick._id, error),
        sayCopied: () => toast.success(REEL_LINK_COPIED, { autoClose: FLICK_TOAST_MS }),
      }),
    [queryClient],
  );
}
