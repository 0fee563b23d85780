/**
 * Ids from outside: `isUuid` whether a value (a cursor's part) is an id our tables could hold; `idOf` a
 * socket payload's id as the server keeps it (lower-case), `idSchema` a request's.
 */
export { idOf, idSchema, isUuid } from "@flik/shared";
