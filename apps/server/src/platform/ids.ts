const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value from outside (a socket payload, a cursor) is an id our tables could hold. */
export const isUuid = (value: unknown): value is string =>
  typeof value === "string" && uuidPattern.test(value);
