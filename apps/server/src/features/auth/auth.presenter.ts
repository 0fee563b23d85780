import type { AuthResponse } from "@flik/shared";

/** The member of an auth response (spec §3): `_id` beside `id`, as every member is presented. */
export function presentAuthUser(member: { id: string; username: string }): AuthResponse["user"] {
  return { _id: member.id, id: member.id, username: member.username };
}
