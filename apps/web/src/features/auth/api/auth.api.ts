import type { AuthResponse, MessageResponse, SigninBody, SignupBody, UserResponse } from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";
import { saveCachedUser, saveIdentity } from "../../../lib/storage";

export function signUp(body: SignupBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/auth/signup", { method: "POST", body });
}

export function signIn(body: SigninBody): Promise<AuthResponse> {
  return apiFetch<AuthResponse>("/auth/signin", { method: "POST", body });
}

/** GET /user: the session check; a 401 here signs the member out (spec §8). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<UserResponse["user"]> {
  const { user } = await apiFetch<UserResponse>("/user", { signal });
  saveCachedUser(user);
  saveIdentity({ userId: user.id, username: user.username });
  return user;
}

export function logoutCurrentSession(sessionId: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/sessions/logout-current", {
    method: "PATCH",
    headers: { "x-session-id": sessionId },
  });
}
