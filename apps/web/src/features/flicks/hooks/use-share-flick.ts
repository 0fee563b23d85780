import { FLICK_TOAST_MS, type Flick, reelPath } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { copyText } from "../../../lib/clipboard";
import { toast } from "../../../lib/toast";
import { shareFlick } from "../api/flicks.api";
import { patchFlick } from "../cache/flick-cache";

export const REEL_LINK_COPIED = "Reel link copied to clipboard!";

/** The share-link shape of spec §2, absolute so it works outside the app. */
export function reelShareUrl(id: string): string {
  return new URL(reelPath(id), window.location.origin).href;
}

/**
 * The device's share sheet where there is one, else the link copied (spec §8's toast). A share that
 * reached someone is counted; a failure to count is only logged (spec §8).
 */
export function useShareFlick(): (flick: Flick) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (flick: Flick) => {
      const url = reelShareUrl(flick._id);
      let shared = false;
      if (typeof navigator.share === "function") {
        try {
          await navigator.share({ title: `Reel by @${flick.uploadedBy.username} on Flik`, url });
          shared = true;
        } catch (error) {
          // Closing the sheet is a choice, not a failure; anything else falls back to the clipboard.
          if (error instanceof DOMException && error.name === "AbortError") return;
        }
      }
      if (!shared) {
        shared = await copyText(url);
        if (shared) toast.success(REEL_LINK_COPIED, { autoClose: FLICK_TOAST_MS });
        else window.alert(`Copy this link to share the reel:\n${url}`);
      }
      if (!shared) return;
      try {
        const { sharesCount } = await shareFlick(flick._id);
        patchFlick(queryClient, flick._id, (cached) => ({ ...cached, sharesCount }));
      } catch (error) {
        console.error("Counting the share failed", error);
      }
    },
    [queryClient],
  );
}
