import { type Flick, isUuid } from "@flik/shared";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { retriesTransientFailure } from "../../../lib/query-retry";
import { fetchPost } from "../../posts/api/posts.api";
import { flickFromPost, isPlayablePost } from "./flick-from-post";
import { flickKeys } from "./flick-keys";
import { type FlickComments, fetchFlickComments, fetchFlicksPage } from "./flicks.api";

export function useFlicksQuery() {
  return useInfiniteQuery({
    queryKey: flickKeys.feed(),
    queryFn: ({ pageParam, signal }) => fetchFlicksPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Thrown for a link that names no reel: a post that is no video, or an id of no post's form. */
export class NotAReelError extends Error {}

/** The server's refusals that retrying won't change: a malformed id or address (400, 414), or unknown or hidden (403, 404). */
const REEL_REFUSED = new Set([400, 403, 404, 414]);

/** Unknown, hidden, malformed or not a video: retrying won't change it. */
export function isReelUnavailable(error: unknown): boolean {
  return error instanceof NotAReelError || (error instanceof ApiError && REEL_REFUSED.has(error.status));
}

/** The flick a /reel/{id} link names, as the server shows it to the viewer now. */
export async function fetchReel(id: string, signal?: AbortSignal): Promise<Flick> {
  // A mistyped or cut link (or one too long for an address) names no post: not asked for.
  if (!isUuid(id)) throw new NotAReelError("Not a reel");
  const post = await fetchPost(id, signal);
  if (!isPlayablePost(post)) throw new NotAReelError("Not a reel");
  return flickFromPost(post);
}

/** The flick a /reel/{id} link opens. */
export function useReelQuery(id: string) {
  return useQuery<Flick>({
    queryKey: flickKeys.detail(id),
    queryFn: ({ signal }) => fetchReel(id, signal),
    retry: (failureCount, error) => !isReelUnavailable(error) && retriesTransientFailure(failureCount, error),
  });
}

/** The panel's comments (the post's, with the cursor of older ones); the feed's newest show until they arrive. */
export function useFlickCommentsQuery(flick: Flick) {
  return useQuery<FlickComments>({
    queryKey: flickKeys.comments(flick._id),
    queryFn: ({ signal }) => fetchFlickComments(flick._id, signal),
    placeholderData: { comments: flick.comments, cursor: null },
  });
}
