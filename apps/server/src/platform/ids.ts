/** Whether a value from outside (a socket payload, a cursor) is an id our tables could hold. */
export { isUuid } from "@flik/shared";
