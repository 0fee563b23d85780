import type { User, UserResponse } from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";

export async function fetchMyProfile(signal?: AbortSignal): Promise<User> {
  const { user } = await apiFetch<UserResponse>("/profile/me", { signal });
  return user;
}
