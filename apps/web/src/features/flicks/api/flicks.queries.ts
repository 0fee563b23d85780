import type { Flick } from "@flik/shared";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
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

/** Thrown for a link to a post that exists but is no video: there is no reel to show. */
export class NotAReelError extends Error {}

/** Unknown, hidden, malformed (a 404) or not a video: retrying won't change it. */
export function isReelUnavailable(error: unknown): boolean {
  return (
    error instanceof NotAReelError ||
    (error instanceof ApiError && (error.status === 404 || error.status === 403))
  );
}

/** The flick a /reel/{id} link opens. */
export function useReelQuery(id: string) {
  return useQuery<Flick>({
    queryKey: flickKeys.detail(id),
    queryFn: async ({ signal }) => {
      const post = await fetchPost(id, signal);
      if (!isPlayablePost(post)) throw new NotAReelError("Not a reel");
      return flickFromPost(post);
    },
    retry: (failureCount, error) => !isReelUnavailable(error) && failureCount < 2,
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
