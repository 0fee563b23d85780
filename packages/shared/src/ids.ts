import { z } from "zod";

/** A field left out is '<field> is required', as every other field's (spec §10); anything else, `message`. */
const requiredOr =
  (field: string, message: string) =>
  (issue: { input: unknown }): string =>
    issue.input === undefined ? `${field} is required` : message;

/**
 * Ids are written lower-case, as the database writes them. Postgres reads an id in capitals as the same
 * id, but the server also compares ids as text (a member's own id, a chat's pair of members, a socket's
 * room), so an id from outside is made lower-case where it comes in: written either way, it names the
 * same thing and is checked as that thing.
 */
const lowerCase = (id: string) => id.toLowerCase();

/** An id in a request (a path, a body): anything but an id's form is `error`, often the call's 404. */
export const idSchema = (error: string) => z.uuid(error).transform(lowerCase);

/** An id a body must carry as `field`: '<field> is required' when it is missing, `error` when it is no id. */
export const requiredIdSchema = (field: string, error: string) =>
  z.uuid({ error: requiredOr(field, error) }).transform(lowerCase);

/**
 * A member's id in a request's body, refused alike by every call that takes one (a block, a chat):
 * anything but a member id's form (not a uuid, not text at all) is '<field> must be a member id'. A
 * well-formed id that names nobody is the call's own 404 "Member not found".
 */
export const memberIdSchema = (field: string) => requiredIdSchema(field, `${field} must be a member id`);

/** A list of members' ids in a request's body: '<field> must be a list of member ids' for any other. */
export const memberIdsSchema = (field: string) => {
  const message = `${field} must be a list of member ids`;
  return z.array(idSchema(message), { error: requiredOr(field, message) });
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value from outside (a socket payload, a cursor, a link's id) is an id our tables could hold:
 * any other names nothing, so it need not be asked for.
 */
export const isUuid = (value: unknown): value is string =>
  typeof value === "string" && uuidPattern.test(value);

/** An id from outside as the server keeps it (lower-case, see `idSchema`), or null for anything else. */
export const idOf = (value: unknown): string | null => (isUuid(value) ? lowerCase(value) : null);
