import { z } from "zod";
import { requiredIdSchema } from "./ids.js";
import { limitParam, pageQuery } from "./paging.js";
import type { Post } from "./posts.js";
import { textSchema } from "./text.js";

/** The longest search text any search takes. */
export const SEARCH_QUERY_MAX_LENGTH = 100;

const searchText = textSchema("q is required")
  .trim()
  .min(1, "Type something to search")
  .max(SEARCH_QUERY_MAX_LENGTH, `q is at most ${SEARCH_QUERY_MAX_LENGTH} characters`);

/** GET /posts/search?q=&limit=&cursor=: caption, tags and location; `#tag` searches that tag exactly. */
export const postSearchQuery = pageQuery.extend({ q: searchText });
export type PostSearchQuery = z.input<typeof postSearchQuery>;

/** GET /tags/search?q= (an extension): tags starting with (or close to) the text, most used first. */
export const tagSearchQuery = z.object({
  q: searchText,
  limit: limitParam(20, 10),
});

/** A tag with how many posts the viewer may see carry it (approximate for large tags). */
export interface Tag {
  name: string;
  postsCount: number;
}
export interface TagsResponse {
  tags: Tag[];
}

/** GET /tags/{name}/posts?cursor= (an extension): a tag page, newest first, only posts the viewer may see. */
export interface TagPageResponse {
  tag: Tag;
  posts: Post[];
  nextCursor: string | null;
}

/** GET /tags/trending (an extension): tags used more than usual in the last 24 h, best first. */
export interface TrendingTag extends Tag {
  /** Posts carrying it in the last 24 hours. */
  recentCount: number;
}
export interface TrendingResponse {
  tags: TrendingTag[];
}

/** GET /explore?tab=&cursor= (an extension): the grid of each explore tab. */
export const EXPLORE_TABS = ["for-you", "music", "gaming"] as const;
export type ExploreTab = (typeof EXPLORE_TABS)[number];
export const exploreQuery = pageQuery.extend({
  tab: z.enum(EXPLORE_TABS, "tab must be for-you, music or gaming").default("for-you"),
});
export interface ExplorePage {
  posts: Post[];
  nextCursor: string | null;
}

/** The explore poll (an extension of spec §2's poll card): stored, one vote per member. */
export interface PollOption {
  _id: string;
  text: string;
  /** Votes for it: only once the viewer has voted (null before). */
  votes: number | null;
}
export interface Poll {
  _id: string;
  question: string;
  options: PollOption[];
  /** The option the viewer chose, or null. */
  myVote: string | null;
  /** Every vote: only once the viewer has voted (null before). */
  totalVotes: number | null;
}
/** GET /polls/current and POST /polls/{id}/vote {optionId}. */
export interface PollResponse {
  poll: Poll;
}
export const pollVoteBody = z.object({
  optionId: requiredIdSchema("optionId", "optionId must be an option of the poll"),
});
