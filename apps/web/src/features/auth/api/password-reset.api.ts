import type { ForgotPasswordBody, MessageResponse, ResetPasswordBody } from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";

/** POST /auth/forgot-password: the same answer whether or not an account uses the address. */
export function requestResetCode(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/auth/forgot-password", { method: "POST", body });
}

/** POST /auth/reset-password: every session of the member ends with it. */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/auth/reset-password", { method: "POST", body });
}
