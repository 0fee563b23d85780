import type {
  ChangePasswordBody,
  DeleteAccountBody,
  MessageResponse,
  PrivacyBody,
  SessionsResponse,
  SupportBody,
  User,
  UserResponse,
} from "@flik/shared";
import { API_BASE, ApiError, apiFetch } from "../../../lib/api-client";
import { emitLogout } from "../../../lib/auth-events";
import { clearAuth, getToken } from "../../../lib/storage";

/** The settings calls of spec §7; those that change the member answer the member as it now is. */

export function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/user/password", { method: "PUT", body });
}

/** DELETE /user: the account and everything of it, with the password (or username) asked again. */
export function deleteAccount(body: DeleteAccountBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/user", { method: "DELETE", body });
}

export function requestEmailCode(email: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/user/request-email-otp", { method: "POST", body: { email } });
}

export async function verifyEmailCode(otp: string): Promise<User> {
  const { user } = await apiFetch<UserResponse>("/user/verify-email-otp", { method: "POST", body: { otp } });
  return user;
}

export function requestPhoneCode(phone: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/user/phone/request-otp", { method: "POST", body: { phone } });
}

export async function verifyPhoneCode(otp: string): Promise<User> {
  const { user } = await apiFetch<UserResponse>("/user/phone/verify", { method: "POST", body: { otp } });
  return user;
}

/** PUT /user: full name, username and bio (spec §7). */
/** PUT /user with the fields that changed. */
export async function updateAccount(body: {
  fullName?: string;
  username?: string;
  bio?: string;
}): Promise<User> {
  const { user } = await apiFetch<UserResponse>("/user", { method: "PUT", body });
  return user;
}

export function updatePrivacy(body: PrivacyBody): Promise<MessageResponse & UserResponse> {
  return apiFetch<MessageResponse & UserResponse>("/user/privacy", { method: "PUT", body });
}

export function sendSupportRequest(body: SupportBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/support", { method: "POST", body });
}

export async function fetchSessions(signal?: AbortSignal): Promise<SessionsResponse["sessions"]> {
  const { sessions } = await apiFetch<SessionsResponse>("/sessions", { signal });
  return sessions;
}

export function logoutSession(id: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/sessions/${encodeURIComponent(id)}/logout`, { method: "PATCH" });
}

/** `currentSessionId` is spec §7's x-session-id: the session that stays. */
export function logoutOtherSessions(currentSessionId: string): Promise<MessageResponse & { count?: number }> {
  return apiFetch<MessageResponse & { count?: number }>("/sessions/logout-others", {
    method: "PATCH",
    headers: { "x-session-id": currentSessionId },
  });
}

/**
 * GET /user/download-data as a file (not JSON to parse): the whole export arrives as one Blob. A 401
 * here signs the member out, as spec §8 says for every /user call.
 */
export async function downloadUserData(): Promise<Blob> {
  const token = getToken();
  const response = await fetch(`${API_BASE}/user/download-data`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: "include",
  });
  if (!response.ok) {
    if (response.status === 401) {
      clearAuth();
      emitLogout("unauthorized");
    }
    const body = await response.json().catch(() => null);
    throw new ApiError(response.status, body);
  }
  return response.blob();
}
