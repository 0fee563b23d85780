import type { User } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { profileKeys } from "../../profile/api/profile-keys";
import { useSocketEvents } from "../../realtime/use-socket-events";
import { userKeys } from "../api/user-keys";

/**
 * Applies the server's accountChanged: the member's account changed (a setting switched, the profile
 * edited, in another tab or on another device), so the account and their own profile are read again
 * and every open screen shows them as they are now.
 */
export function useAccountLiveUpdates(): void {
  const queryClient = useQueryClient();
  useSocketEvents({
    accountChanged: () => {
      const username = queryClient.getQueryData<User>(userKeys.me())?.username;
      void queryClient.invalidateQueries({ queryKey: userKeys.me() });
      if (username) void queryClient.invalidateQueries({ queryKey: profileKeys.page(username), exact: true });
    },
  });
}

/** Mount once inside the signed-in area. */
export function AccountLiveUpdates() {
  useAccountLiveUpdates();
  return null;
}
