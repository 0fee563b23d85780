export const settingsKeys = {
  all: ["settings"] as const,
  /** GET /sessions: the member's signed-in devices. */
  sessions: () => [...settingsKeys.all, "sessions"] as const,
  /** GET /user/identities: linked sign-ins and whether the member has a password. */
  identities: () => [...settingsKeys.all, "identities"] as const,
};
