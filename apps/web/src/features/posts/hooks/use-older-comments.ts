import type { PostComment } from "@flik/shared";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { postKeys } from "../api/post-keys";
import { fetchOlderComments } from "../api/posts.api";
import { type PostFoundGone, postFoundGone } from "./post-found-gone";

export const OLDER_COMMENTS_FAILED = "Couldn't load comments. Please try again.";

/**
 * A post's comments older than those it carries, loaded a page at a time when the member asks ("View
 * older comments"), from the post's `commentsCursor` on. Nothing is fetched until then, and a refetch
 * of the post (a reconnect) never reloads them. A post read again with another window of newest
 * comments has another cursor, so what was loaded from the old one (which would leave a gap) is let go.
 * A post found gone meanwhile is said as `foundGone` says it (it leaves the screen), not as a failure.
 */
export function useOlderComments(
  postId: string,
  cursor: string | null | undefined,
  foundGone: PostFoundGone = postFoundGone,
) {
  const queryClient = useQueryClient();
  const from = cursor ?? "";
  const query = useInfiniteQuery({
    queryKey: postKeys.olderComments(postId, from),
    queryFn: ({ pageParam, signal }) => fetchOlderComments(postId, pageParam, signal),
    initialPageParam: from,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: false,
    // The button stays to try again: the member decides when.
    retry: false,
  });
  const pages = query.data?.pages ?? [];
  // Pages come newest first, each oldest first: the oldest page leads.
  const older: PostComment[] = pages.toReversed().flatMap((page) => page.comments);
  const hasOlder = from !== "" && (pages.length === 0 || query.hasNextPage);

  async function loadOlder() {
    if (query.isFetching) return;
    // The first ask fetches the page at the post's cursor, each later one the page after the last.
    const result = await query.fetchNextPage();
    if (result.isError && !foundGone(queryClient, postId, result.error)) toast.error(OLDER_COMMENTS_FAILED);
  }

  return { older, hasOlder, loading: query.isFetching, loadOlder };
}

/** The comments to show: the older ones loaded, then the post's own, each once. */
export function withOlderComments(older: PostComment[], comments: PostComment[]): PostComment[] {
  if (older.length === 0) return comments;
  const carried = new Set(comments.map((comment) => comment._id));
  return [...older.filter((comment) => !carried.has(comment._id)), ...comments];
}
