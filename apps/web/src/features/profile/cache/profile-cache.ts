import type { PublicProfile, User } from "@flik/shared";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { saveCachedUser, saveIdentity } from "../../../lib/storage";
import { userKeys } from "../../auth/api/user-keys";
import { patchPostsByAuthor } from "../../posts/cache/post-cache";
import type { ProfilePage } from "../api/profile.api";
import { profileKeys } from "../api/profile-keys";

type ProfileData = InfiniteData<ProfilePage, string | null>;

/** Applies `update` to the member of every cached profile page whose member `match`es. */
export function patchProfileMember(
  queryClient: QueryClient,
  match: (member: PublicProfile) => boolean,
  update: (member: PublicProfile) => PublicProfile,
): void {
  queryClient.setQueriesData<ProfileData>({ queryKey: profileKeys.pages() }, (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first?.user || !match(first.user)) return data;
    const user = update(first.user);
    return user === first.user ? data : { ...data, pages: [{ ...first, user }, ...rest] };
  });
}

/** The cached profile of this member, from any profile page. */
export function findProfileMember(queryClient: QueryClient, userId: string): PublicProfile | undefined {
  for (const [, data] of queryClient.getQueriesData<ProfileData>({ queryKey: profileKeys.pages() })) {
    const user = data?.pages[0]?.user;
    if (user?._id === userId) return user;
  }
  return undefined;
}

/**
 * After the member changed their own profile: every cached copy of their account, page, posts and
 * stored identity shows the change. A rename moves the page to its new key; the old key is only
 * marked stale, since a screen may still be on the old URL until it is replaced.
 */
export function applyOwnProfile(queryClient: QueryClient, user: User, previousUsername?: string): void {
  queryClient.setQueriesData({ queryKey: userKeys.me() }, user);
  saveCachedUser(user);
  saveIdentity({ userId: user.id, username: user.username });

  const { username, fullName, avatar, profilePic, website, bio, isPrivate, verified } = user;
  patchProfileMember(
    queryClient,
    (member) => member._id === user._id,
    (member) => ({ ...member, username, fullName, avatar, profilePic, website, bio, isPrivate, verified }),
  );
  if (previousUsername && previousUsername.toLowerCase() !== username.toLowerCase()) {
    const page = queryClient.getQueryData<ProfileData>(profileKeys.page(previousUsername));
    if (page) queryClient.setQueryData(profileKeys.page(username), page);
    void queryClient.invalidateQueries({
      queryKey: profileKeys.page(previousUsername),
      exact: true,
      refetchType: "none",
    });
  }
  patchPostsByAuthor(queryClient, user._id, (post) => ({
    ...post,
    user: { ...post.user, username, fullName, avatar },
  }));
}
