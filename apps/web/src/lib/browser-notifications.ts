/**
 * Whether the browser lets Flik show its own notifications. Read as the signed-in frame renders (every
 * navigation), so an answer given in Settings counts from the next screen on. Kept apart from the
 * notices themselves, which load only once they are allowed: most members never allow them, and the
 * first screens' script stays within its budget.
 */
export const notificationsGranted = () =>
  typeof Notification !== "undefined" && Notification.permission === "granted";
