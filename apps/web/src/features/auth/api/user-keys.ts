export const userKeys = {
  all: ["user"] as const,
  /**
   * The signed-in member (GET /user), a `User`. Every cached copy of them lives under this key, so one
   * `setQueriesData({ queryKey: userKeys.me() })` keeps them all in step.
   */
  me: () => [...userKeys.all, "me"] as const,
  /** The same member as the edit screen loads them afresh (GET /profile/me), a `User`. */
  myProfile: () => [...userKeys.me(), "profile"] as const,
};
