import type { User } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { fetchCurrentUser } from "../../auth/api/auth.api";
import { userKeys } from "../../auth/api/user-keys";
import { profileKeys } from "../../profile/api/profile-keys";
import { applyOwnProfile } from "../../profile/cache/profile-cache";
import { useSocketEvents } from "../../realtime/use-socket-events";
import { isBlockedBy } from "../blocked";

/**
 * Applies the server's blocksChanged: a block or unblock the member made in another tab shows here as
 * that tab's answer did (an open chat's message box goes or comes back, the member's posts leave or
 * their profile shows again). The tab that made it already shows it, and asks nothing more.
 */
export function useBlockLiveUpdates(): void {
  const queryClient = useQueryClient();
  useSocketEvents({
    blocksChanged: async ({ userId, blocked }) => {
      if (isBlockedBy(queryClient.getQueryData<User>(userKeys.me()), userId) === blocked) return;
      try {
        const user = await fetchCurrentUser();
        if (blocked) {
          // Loaded when needed: most sessions never block anyone, and the first screen is lighter for it.
          const { applyBlock } = await import("../cache/block-cache");
          applyBlock(queryClient, { _id: userId, username: "" }, user);
        } else {
          await queryClient.invalidateQueries({ queryKey: profileKeys.pages() });
          applyOwnProfile(queryClient, user);
        }
      } catch (error) {
        // The account is asked again on the next focus or screen; nothing shown is wrong for long.
        console.error("A block made in another tab could not be read", error);
      }
    },
  });
}

/** Mount once inside the signed-in area. */
export function BlockLiveUpdates() {
  useBlockLiveUpdates();
  return null;
}
