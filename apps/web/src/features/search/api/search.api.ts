import {
  type ExplorePage,
  type ExploreTab,
  normalizeTag,
  type Poll,
  type PollResponse,
  type PostsPage,
  type Tag,
  type UserSearchResult,
  type UsersResponse,
} from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";
import { searchTags } from "../../tags/api/tags.api";

export const EXPLORE_PAGE_SIZE = 24;
/** How many of each kind the search shows: a glance, as Instagram's search box gives. */
export const RESULT_LIMITS = { members: 6, posts: 12, tags: 6 } as const;

export interface SearchResults {
  members: UserSearchResult[];
  posts: PostsPage["posts"];
  tags: Tag[];
}

type Scope = { members: string | null; posts: string | null; tags: string | null };

/**
 * What the text asks for: a text starting with `#tag` looks for posts and tags only (the server searches
 * each `#tag` exactly, beside any words: "#sunset ridge"), tags like its first one; `@name` for members
 * only; anything else for all three.
 */
export function searchScope(q: string): Scope {
  if (q.startsWith("#")) {
    const [first = ""] = q.split(/[\s,]+|(?<=.)(?=#)/u);
    const tag = normalizeTag(first);
    const alone = first.length === q.trim().length;
    return { members: null, posts: tag && (alone ? `#${tag}` : q.trim()), tags: tag };
  }
  if (q.startsWith("@")) return { members: q.replace(/^@+/, "").trim() || null, posts: null, tags: null };
  return { members: q, posts: q, tags: q };
}

async function searchMembers(q: string, signal?: AbortSignal): Promise<UserSearchResult[]> {
  const query = new URLSearchParams({ q, limit: String(RESULT_LIMITS.members) });
  const { users } = await apiFetch<UsersResponse>(`/user/search?${query}`, { signal });
  return users;
}

async function searchPosts(q: string, signal?: AbortSignal): Promise<PostsPage["posts"]> {
  const query = new URLSearchParams({ q, limit: String(RESULT_LIMITS.posts) });
  const { posts } = await apiFetch<PostsPage>(`/posts/search?${query}`, { signal });
  return posts;
}

/**
 * One search of members, posts and tags, which succeeds or fails as one: a failure shows as such with a
 * retry, never as a partial answer that reads like "nobody matched".
 */
export async function searchEverything(q: string, signal?: AbortSignal): Promise<SearchResults> {
  const scope = searchScope(q);
  const [members, posts, tags] = await Promise.all([
    scope.members ? searchMembers(scope.members, signal) : [],
    scope.posts ? searchPosts(scope.posts, signal) : [],
    scope.tags ? searchTags(scope.tags, RESULT_LIMITS.tags, signal) : [],
  ]);
  return { members, posts, tags };
}

export function fetchExplorePage(tab: ExploreTab, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ tab, limit: String(EXPLORE_PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  return apiFetch<ExplorePage>(`/explore?${query}`, { signal });
}

export async function fetchCurrentPoll(signal?: AbortSignal): Promise<Poll> {
  const { poll } = await apiFetch<PollResponse>("/polls/current", { signal });
  return poll;
}

export async function votePoll(pollId: string, optionId: string): Promise<Poll> {
  const { poll } = await apiFetch<PollResponse>(`/polls/${encodeURIComponent(pollId)}/vote`, {
    method: "POST",
    body: { optionId },
  });
  return poll;
}
