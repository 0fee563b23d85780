import { isFlikUrl, type Post } from "@flik/shared";

export type ProfileTab = "posts" | "fliks" | "tags";

/** Spec §2: the profile's tabs, each with its empty text. */
export const PROFILE_TABS: readonly { id: ProfileTab; label: string; empty: string }[] = [
  { id: "posts", label: "Posts", empty: "No posts yet" },
  { id: "fliks", label: "Fliks", empty: "No fliks yet" },
  { id: "tags", label: "Tags", empty: "No posts yet" },
];

/**
 * Spec §2: a post is a flik when its image URL ends with .mp4 or contains /video/. Posts shows the
 * others, Fliks shows fliks, and Tags shows every item unfiltered.
 */
export function postsForTab(posts: readonly Post[], tab: ProfileTab): Post[] {
  if (tab === "fliks") return posts.filter((post) => isFlikUrl(post.image));
  if (tab === "posts") return posts.filter((post) => !isFlikUrl(post.image));
  return [...posts];
}
