import {
  type ExplorePage,
  type ExploreTab,
  memberSearchTerm,
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
/** How many of each kind the search shows first: a glance, as Instagram's search box gives. */
export const RESULT_LIMITS = { members: 6, posts: 12, tags: 6 } as const;
/** How many more of a kind "Show more" brings. */
export const MORE_LIMITS = { members: 20, posts: 24 } as const;

/** The kinds of result that page on (tags are a glance of the closest names). */
export type PagedKind = keyof typeof MORE_LIMITS;

export interface SearchResults {
  members: UserSearchResult[];
  posts: PostsPage["posts"];
  tags: Tag[];
  /** Where each paged kind's next page starts; null when all are shown, or it was not searched. */
  next: Record<PagedKind, string | null>;
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
  if (q.startsWith("@")) return { members: memberSearchTerm(q) || null, posts: null, tags: null };
  return { members: q, posts: q, tags: q };
}

interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}

const NO_PAGE = { items: [], nextCursor: null };

function pageQuery(q: string, limit: number, cursor: string | null): URLSearchParams {
  const query = new URLSearchParams({ q, limit: String(limit) });
  if (cursor) query.set("cursor", cursor);
  return query;
}

async function searchMembers(
  q: string,
  limit: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<UserSearchResult>> {
  const answer = await apiFetch<UsersResponse>(`/user/search?${pageQuery(q, limit, cursor)}`, { signal });
  return { items: answer.users, nextCursor: answer.nextCursor ?? null };
}

async function searchPosts(
  q: string,
  limit: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<PostsPage["posts"][number]>> {
  const answer = await apiFetch<PostsPage>(`/posts/search?${pageQuery(q, limit, cursor)}`, { signal });
  return { items: answer.posts, nextCursor: answer.nextCursor };
}

/** How many of each paged kind an answer shows: a search asked again reads as many again. */
export type ShownCounts = Record<PagedKind, number>;

/**
 * The glance's page, then pages of "Show more"'s size until `wanted` are read (or there are no more), as
 * an infinite list reads its pages again.
 */
async function pagesUpTo<Item>(
  read: (limit: number, cursor: string | null) => Promise<Page<Item>>,
  glance: number,
  more: number,
  wanted: number,
): Promise<Page<Item>> {
  let page = await read(glance, null);
  const items = [...page.items];
  while (items.length < wanted && page.nextCursor) {
    page = await read(more, page.nextCursor);
    items.push(...page.items);
  }
  return { items, nextCursor: page.nextCursor };
}

/**
 * One search of members, posts and tags, which succeeds or fails as one: a failure shows as such with a
 * retry, never as a partial answer that reads like "nobody matched". Asked again (a refetch), it reads as
 * many members and posts as the answer `shown` had, so what "Show more" brought stays.
 */
export async function searchEverything(
  q: string,
  signal?: AbortSignal,
  shown: ShownCounts = { members: 0, posts: 0 },
): Promise<SearchResults> {
  const scope = searchScope(q);
  const { members: memberText, posts: postText } = scope;
  const [members, posts, tags] = await Promise.all([
    memberText
      ? pagesUpTo(
          (limit, cursor) => searchMembers(memberText, limit, cursor, signal),
          RESULT_LIMITS.members,
          MORE_LIMITS.members,
          shown.members,
        )
      : NO_PAGE,
    postText
      ? pagesUpTo(
          (limit, cursor) => searchPosts(postText, limit, cursor, signal),
          RESULT_LIMITS.posts,
          MORE_LIMITS.posts,
          shown.posts,
        )
      : NO_PAGE,
    scope.tags ? searchTags(scope.tags, RESULT_LIMITS.tags, signal) : [],
  ]);
  return {
    members: members.items,
    posts: posts.items,
    tags,
    next: { members: members.nextCursor, posts: posts.nextCursor },
  };
}

/** A next page of one kind of results. */
export type MorePage =
  | { kind: "members"; page: Page<UserSearchResult> }
  | { kind: "posts"; page: Page<PostsPage["posts"][number]> };

/** The next page of one kind of `q`'s results, from the cursor its last page gave. */
export async function searchMore(q: string, kind: PagedKind, cursor: string): Promise<MorePage> {
  const text = searchScope(q)[kind];
  if (kind === "members")
    return { kind, page: text ? await searchMembers(text, MORE_LIMITS.members, cursor) : NO_PAGE };
  return { kind, page: text ? await searchPosts(text, MORE_LIMITS.posts, cursor) : NO_PAGE };
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
