export const highlightKeys = {
  all: ["highlights"] as const,
  byUser: (username: string) => [...highlightKeys.all, "user", username.toLowerCase()] as const,
};
