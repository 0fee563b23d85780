// Apart, to be loaded when needed: formatting a number reads libphonenumber-js's metadata (about 30 KB
// compressed), which the Phone panel's chunk shares.
export { formatPhone } from "@flik/shared";
