import { postKeys } from "../../posts/api/post-keys";

export const profileKeys = {
  all: ["profile"] as const,
  /**
   * Every member's profile page: the header and their posts, paged. They live among the post lists so
   * that every post helper (likes, comments, follows, deletes, edits) keeps the grid in step too.
   */
  pages: () => [...postKeys.lists(), "profile"] as const,
  page: (username: string) => [...profileKeys.pages(), username.toLowerCase()] as const,
};
