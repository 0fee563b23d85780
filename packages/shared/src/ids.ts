import { z } from "zod";

/** A field left out is '<field> is required', as every other field's (spec §10); anything else, `message`. */
const requiredOr =
  (field: string, message: string) =>
  (issue: { input: unknown }): string =>
    issue.input === undefined ? `${field} is required` : message;

/**
 * A member's id in a request's body, refused alike by every call that takes one (a block, a chat):
 * anything but a member id's form (not a uuid, not text at all) is '<field> must be a member id'. A
 * well-formed id that names nobody is the call's own 404 "Member not found".
 */
export const memberIdSchema = (field: string) =>
  z.uuid({ error: requiredOr(field, `${field} must be a member id`) });

/** A list of members' ids in a request's body: '<field> must be a list of member ids' for any other. */
export const memberIdsSchema = (field: string) => {
  const message = `${field} must be a list of member ids`;
  return z.array(z.uuid(message), { error: requiredOr(field, message) });
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value from outside (a socket payload, a cursor, a link's id) is an id our tables could hold:
 * any other names nothing, so it need not be asked for.
 */
export const isUuid = (value: unknown): value is string =>
  typeof value === "string" && uuidPattern.test(value);
