export * from "./auth.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./events.js";
export * from "./media.js";
export * from "./paging.js";
export * from "./posts.js";
export * from "./user.js";
