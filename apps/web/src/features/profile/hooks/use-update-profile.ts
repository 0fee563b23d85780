import type { UpdateProfileBody, User } from "@flik/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { profilePath } from "../../../lib/paths";
import { userKeys } from "../../auth/api/user-keys";
import { updateProfile } from "../api/profile.api";
import { applyOwnProfile } from "../cache/profile-cache";

const PROFILE_URL = /^\/profile\/([^/]+)\/?$/i;

/**
 * PUT /profile/update, then every cached copy of the member follows; a new username also replaces a
 * /profile/{old} address. Callers say what a failure looks like on their screen.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(body),
    onSuccess: (user: User) => {
      const previous = queryClient.getQueryData<User>(userKeys.me())?.username;
      applyOwnProfile(queryClient, user, previous);
      const shown = PROFILE_URL.exec(pathname)?.[1];
      if (previous && shown && decodeURIComponent(shown).toLowerCase() === previous.toLowerCase()) {
        if (previous !== user.username) {
          navigate(profilePath(user.username), { replace: true });
        }
      }
    },
  });
}
