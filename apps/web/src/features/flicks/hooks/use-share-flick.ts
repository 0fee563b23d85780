import { FLICK_TOAST_MS, type Flick, reelPath } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { copyText } from "../../../lib/clipboard";
import { toast } from "../../../lib/toast";
import { shareFlick } from "../api/flicks.api";
import { patchFlick } from "../cache/flick-cache";
import { flickFoundGone } from "./flick-found-gone";

export const REEL_LINK_COPIED = "Reel link copied to clipboard!";

/** The share-link shape of spec §2, absolute so it works outside the app. */
export function reelShareUrl(id: string): string {
  return new URL(reelPath(id), window.location.origin).href;
}

/**
 * The device's share sheet where there is one, else the link copied (spec §8's toast). A share that
 * reached someone is counted. The count's answer comes before the toast: a flick found gone meanwhile
 * says so instead of claiming a link that opens nothing (the copy itself stays with the click that asked
 * for it); a count that failed otherwise is only logged, the link having gone out all the same.
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
      const copied = !shared && (await copyText(url));
      if (!shared && !copied) {
        window.alert(`Copy this link to share the reel:\n${url}`);
        return;
      }
      try {
        const { sharesCount } = await shareFlick(flick._id);
        patchFlick(queryClient, flick._id, (cached) => ({ ...cached, sharesCount }));
      } catch (error) {
        if (flickFoundGone(queryClient, flick._id, error)) return;
        console.error("Counting the share failed", error);
      }
      if (copied) toast.success(REEL_LINK_COPIED, { autoClose: FLICK_TOAST_MS });
    },
    [queryClient],
  );
}
