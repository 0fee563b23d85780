import { z } from "zod";

/**
 * A member's id in a request's body, refused alike by every call that takes one (a block, a chat):
 * anything but a member id's form (not a uuid, not text at all) is '<field> must be a member id'. A
 * well-formed id that names nobody is the call's own 404 "Member not found".
 */
export const memberIdSchema = (field: string) => z.uuid(`${field} must be a member id`);

/** A list of members' ids in a request's body: '<field> must be a list of member ids' for any other. */
export const memberIdsSchema = (field: string) => {
  const message = `${field} must be a list of member ids`;
  return z.array(z.uuid(message), message);
};
