import { isPossibleUsername } from "@flik/shared";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { userKeys } from "../../auth/api/user-keys";
import { fetchMyProfile, fetchProfile, fetchProfilePosts, type ProfilePage } from "./profile.api";
import { profileKeys } from "./profile-keys";

export function useMyProfileQuery() {
  return useQuery({
    queryKey: userKeys.myProfile(),
    queryFn: ({ signal }) => fetchMyProfile(signal),
  });
}

/**
 * An unknown member (404, also for a later page of posts: gone since the profile was read), or, for the
 * profile's own read, an address that can name no one (400: letters no username has; 414: longer than
 * any): retrying won't make them exist, and the connection is not to blame. A later page's 400 is about
 * its cursor, a failure of the grid's own (`whilePaging`), not of the member.
 */
export function isMemberNotFound(error: unknown, whilePaging = false): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 404 || (!whilePaging && (error.status === 400 || error.status === 414));
}

/**
 * A later page's cursor refused (400): asked with it again, the page would be refused again. The grid
 * reads the profile again instead, whose answer holds a fresh cursor.
 */
export const isCursorRefused = (error: unknown): boolean => error instanceof ApiError && error.status === 400;

/**
 * The profile page of `username`: GET /profile/{username}, then more posts by cursor as it scrolls.
 * Never asked for a name no member could have (the shared username rule): such an address names no
 * one, and some name another route (/profile/me is the API's own account, answered without posts).
 */
export function useProfileQuery(username: string) {
  return useInfiniteQuery({
    queryKey: profileKeys.page(username),
    queryFn: ({ pageParam, signal }): Promise<ProfilePage> =>
      pageParam ? fetchProfilePosts(username, pageParam, signal) : fetchProfile(username, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: isPossibleUsername(username),
  });
}
