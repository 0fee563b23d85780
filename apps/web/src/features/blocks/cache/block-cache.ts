import type { User } from "@flik/shared";
import type { QueryClient } from "@tanstack/react-query";
import { userKeys } from "../../auth/api/user-keys";
import { flickKeys } from "../../flicks/api/flick-keys";
import { removeCachedFlicksBy } from "../../flicks/cache/flick-cache";
import { followRequestKeys } from "../../follow-requests/api/follow-request-keys";
import { removeCachedRequest } from "../../follow-requests/cache/follow-requests-cache";
import { followKeys } from "../../follows/api/follow-keys";
import { notificationKeys } from "../../notifications/api/notification-keys";
import { updateCachedNotifications } from "../../notifications/cache/notifications-cache";
import { postKeys } from "../../posts/api/post-keys";
import { removeCachedPostsByAuthor } from "../../posts/cache/post-cache";
import { applyOwnProfile, patchProfileMember } from "../../profile/cache/profile-cache";
import { removeCachedStoriesBy } from "../../stories/cache/stories-cache";
import { isBlockedBy } from "../blocked";

/** The member being blocked, as the screen that offers Block knows them. */
export interface BlockTarget {
  _id: string;
  username: string;
  fullName?: string;
  avatar?: string;
}

/**
 * After a block: the viewer's account becomes the server's answer (blockedUsers, and follows both ways
 * gone), and the blocked member's posts, flicks, stories, notifications and request leave every screen. Their
 * profile and any direct chat read blockedUsers and change by themselves. Their likes and comments left
 * the viewer's posts with the block: the screens showing them hear it live, the others read again.
 */
export function applyBlock(queryClient: QueryClient, target: BlockTarget, user?: User): void {
  const me = queryClient.getQueryData<User>(userKeys.me());
  if (user) {
    applyOwnProfile(queryClient, user, me?.username);
    const { followersCount, followingCount } = user;
    patchProfileMember(
      queryClient,
      (member) => member._id === user._id,
      (member) => ({ ...member, followersCount, followingCount }),
    );
  } else {
    // An answer without the account: the block is still recorded, newest first.
    const entry = {
      _id: target._id,
      username: target.username,
      fullName: target.fullName ?? "",
      avatar: target.avatar ?? "",
    };
    queryClient.setQueriesData<User>({ queryKey: userKeys.me() }, (cached) =>
      cached && !isBlockedBy(cached, target._id)
        ? { ...cached, blockedUsers: [entry, ...cached.blockedUsers] }
        : cached,
    );
  }

  removeCachedPostsByAuthor(queryClient, target._id);
  removeCachedFlicksBy(queryClient, target._id);
  removeCachedStoriesBy(queryClient, target._id);
  removeCachedRequest(queryClient, target._id);
  updateCachedNotifications(
    queryClient,
    (notification) => notification.sender?._id === target._id,
    () => null,
  );
  // The server's lists and counts no longer hold them: asked again when next shown.
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  void queryClient.invalidateQueries({ queryKey: followRequestKeys.all });
  void queryClient.invalidateQueries({ queryKey: followKeys.all });
  // Posts, flicks and profile pages (kept among the post lists), the blocked member's own profile too.
  for (const queryKey of [postKeys.all, flickKeys.all])
    void queryClient.invalidateQueries({ queryKey, refetchType: "none" });
}
