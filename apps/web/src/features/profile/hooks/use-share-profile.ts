import { useCallback } from "react";
import { copyLink } from "../../../lib/clipboard";
import { profilePath } from "../../../lib/paths";
import { toast } from "../../../lib/toast";

export const PROFILE_LINK_COPIED = "Profile link copied to clipboard";

export function profileShareUrl(username: string): string {
  return new URL(profilePath(username), window.location.origin).href;
}

function isDismissed(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/**
 * Spec §2 and §8: the native share sheet; without one, the owner is told sharing is not supported,
 * and a visitor gets the link copied (or shown, when the clipboard refuses).
 */
export function useShareProfile(): (username: string, isOwner: boolean) => Promise<void> {
  return useCallback(async (username: string, isOwner: boolean) => {
    const url = profileShareUrl(username);
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: `@${username} on Flik`, url });
        return;
      } catch (error) {
        // Closing the sheet is a choice, not a failure.
        if (isDismissed(error)) return;
        console.error("Sharing the profile failed", error);
      }
    }
    if (isOwner) {
      window.alert("Sharing not supported.");
      return;
    }
    if (await copyLink(url, "profile")) toast.success(PROFILE_LINK_COPIED);
  }, []);
}
