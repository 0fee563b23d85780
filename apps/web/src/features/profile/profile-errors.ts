import { ApiError } from "../../lib/api-client";

/** The server's message for each field; a 409 is always about the username being taken. */
export function profileFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = error.fieldErrors;
  if (error.status === 409 && !fields.username) {
    return { ...fields, username: error.serverMessage ?? "This username is taken" };
  }
  return fields;
}
