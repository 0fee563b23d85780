import type { User } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { userKeys } from "../../auth/api/user-keys";
import { applyOwnProfile } from "../../profile/cache/profile-cache";

/**
 * After an e-mail, phone, profile, privacy or block change: the server's answer becomes the member in
 * every cached copy (GET /user, their profile page and posts, the stored copy).
 */
export function useApplyUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User) => {
      const previous = queryClient.getQueryData<User>(userKeys.me())?.username;
      applyOwnProfile(queryClient, user, previous);
    },
    [queryClient],
  );
}
