import type { SearchResults } from "./api/search.api";

/** "1 member", "12 posts"; "at least 12 posts" while the server has more than are shown. */
function countOf(count: number, noun: string, more: boolean): string {
  return `${more ? "at least " : ""}${count} ${noun}${count === 1 ? "" : "s"}`;
}

/**
 * What a search found, as a screen reader is told it: "3 members, at least 12 posts, 2 tags", each kind
 * only when it found something. Null when it found nothing: "No results found" says that itself.
 */
export function resultsSummary(results: SearchResults): string | null {
  const parts = [
    results.members.length > 0 && countOf(results.members.length, "member", results.next.members !== null),
    results.posts.length > 0 && countOf(results.posts.length, "post", results.next.posts !== null),
    results.tags.length > 0 && countOf(results.tags.length, "tag", false),
  ].filter((part): part is string => part !== false);
  return parts.length > 0 ? parts.join(", ") : null;
}
