export const settingsKeys = {
  all: ["settings"] as const,
  /** GET /sessions: the member's signed-in devices. */
  sessions: () => [...settingsKeys.all, "sessions"] as const,
};
