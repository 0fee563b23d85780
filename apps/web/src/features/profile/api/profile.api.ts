import type { PostsPage, ProfileResponse, UpdateProfileBody, User, UserResponse } from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";

export const PROFILE_POSTS_PAGE_SIZE = 30;

/** A page of a profile's posts; the first one also carries the member and whose profile it is. */
export interface ProfilePage extends PostsPage {
  user?: ProfileResponse["user"];
  isMyProfile?: boolean;
}

const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`;

export async function fetchMyProfile(signal?: AbortSignal): Promise<User> {
  const { user } = await apiFetch<UserResponse>("/profile/me", { signal });
  return user;
}

export async function fetchProfile(username: string, signal?: AbortSignal): Promise<ProfilePage> {
  const answer = await apiFetch<ProfileResponse & { nextCursor?: string | null }>(profilePath(username), {
    signal,
  });
  return { ...answer, nextCursor: answer.nextCursor ?? null };
}

export function fetchProfilePosts(
  username: string,
  cursor: string,
  signal?: AbortSignal,
): Promise<PostsPage> {
  const query = new URLSearchParams({ limit: String(PROFILE_POSTS_PAGE_SIZE), cursor });
  return apiFetch<PostsPage>(`${profilePath(username)}/posts?${query}`, { signal });
}

export async function updateProfile(body: UpdateProfileBody): Promise<User> {
  const { user } = await apiFetch<UserResponse>("/profile/update", { method: "PUT", body });
  return user;
}
