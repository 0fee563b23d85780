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

/** An unknown member: retrying won't make them exist. */
export function isMemberNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The profile page of `username`: GET /profile/{username}, then more posts by cursor as it scrolls. */
export function useProfileQuery(username: string) {
  return useInfiniteQuery({
    queryKey: profileKeys.page(username),
    queryFn: ({ pageParam, signal }): Promise<ProfilePage> =>
      pageParam ? fetchProfilePosts(username, pageParam, signal) : fetchProfile(username, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: username !== "",
  });
}
