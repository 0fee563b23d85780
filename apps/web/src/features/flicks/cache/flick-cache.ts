import { FLICK_COMMENTS_LISTED, type Flick, type FlickComment, type FlicksPage } from "@flik/shared";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { flickKeys } from "../api/flick-keys";
import type { FlickComments } from "../api/flicks.api";
import { fetchReel, isReelUnavailable } from "../api/flicks.queries";

type FlickFeed = InfiniteData<FlicksPage, string | null>;

function mapFeed(data: FlickFeed | undefined, map: (flicks: Flick[]) => Flick[]): FlickFeed | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const flicks = map(page.flicks);
    if (flicks === page.flicks) return page;
    changed = true;
    return { ...page, flicks };
  });
  return changed ? { ...data, pages } : data;
}

/** THE way to change a cached flick: the feed's copy and the share link's copy stay the same. */
export function patchFlick(queryClient: QueryClient, id: string, update: (flick: Flick) => Flick): void {
  queryClient.setQueryData<FlickFeed>(flickKeys.feed(), (data) =>
    mapFeed(data, (flicks) => {
      const index = flicks.findIndex((flick) => flick._id === id);
      const current = flicks[index];
      if (!current) return flicks;
      const next = update(current);
      return next === current ? flicks : flicks.with(index, next);
    }),
  );
  queryClient.setQueryData<Flick | null>(flickKeys.detail(id), (flick) => (flick ? update(flick) : flick));
}

export function findCachedFlick(queryClient: QueryClient, id: string): Flick | undefined {
  const lead = queryClient.getQueryData<Flick | null>(flickKeys.detail(id));
  if (lead) return lead;
  const feed = queryClient.getQueryData<FlickFeed>(flickKeys.feed());
  for (const page of feed?.pages ?? []) {
    const flick = page.flicks.find((candidate) => candidate._id === id);
    if (flick) return flick;
  }
  return undefined;
}

/**
 * Takes a deleted flick out of the feed. A share link's flick becomes null rather than going away, so
 * the link screen keeps showing the rest of the feed instead of fetching a reel that is gone.
 */
export function removeCachedFlick(queryClient: QueryClient, id: string): void {
  queryClient.setQueryData<FlickFeed>(flickKeys.feed(), (data) =>
    mapFeed(data, (flicks) =>
      flicks.some((flick) => flick._id === id) ? flicks.filter((flick) => flick._id !== id) : flicks,
    ),
  );
  if (queryClient.getQueryData(flickKeys.detail(id))) queryClient.setQueryData(flickKeys.detail(id), null);
  queryClient.removeQueries({ queryKey: flickKeys.comments(id) });
}

/** A new flick at the top of the feed, once (the uploader's own event and a refetch may both bring it). */
export function prependCachedFlick(queryClient: QueryClient, flick: Flick): void {
  queryClient.setQueryData<FlickFeed>(flickKeys.feed(), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    if (data.pages.some((page) => page.flicks.some((existing) => existing._id === flick._id))) return data;
    return { ...data, pages: [{ ...first, flicks: [flick, ...first.flicks] }, ...rest] };
  });
}

/** Adds a comment once: the commenter's own answer and the live event both bring it. */
export function addCachedFlickComment(
  queryClient: QueryClient,
  id: string,
  comment: FlickComment,
  commentsCount: number,
): void {
  const isNew = (comments: FlickComment[]) => !comments.some((existing) => existing._id === comment._id);
  patchFlick(queryClient, id, (flick) =>
    isNew(flick.comments)
      ? { ...flick, commentsCount, comments: [...flick.comments, comment].slice(-FLICK_COMMENTS_LISTED) }
      : flick,
  );
  queryClient.setQueryData<FlickComments>(flickKeys.comments(id), (panel) =>
    panel && isNew(panel.comments) ? { ...panel, comments: [...panel.comments, comment] } : panel,
  );
}

/** Takes a deleted comment out of the flick and its open panel; `commentsCount` is the flick's after it. */
export function removeCachedFlickComment(
  queryClient: QueryClient,
  id: string,
  commentId: string,
  commentsCount: number | null,
): void {
  const without = (comments: FlickComment[]) => comments.filter((comment) => comment._id !== commentId);
  patchFlick(queryClient, id, (flick) => ({
    ...flick,
    comments: without(flick.comments),
    commentsCount: commentsCount ?? flick.commentsCount,
  }));
  queryClient.setQueryData<FlickComments>(
    flickKeys.comments(id),
    (panel) => panel && { ...panel, comments: without(panel.comments) },
  );
}

/** Whether the open feed shows a reel of `userId`. */
function hasFlicksBy(queryClient: QueryClient, userId: string): boolean {
  const feed = queryClient.getQueryData<FlickFeed>(flickKeys.feed());
  return !!feed?.pages.some((page) => page.flicks.some((flick) => flick.uploadedBy._id === userId));
}

/** The share links' flicks (/reel/{id}) of `userId` that are cached, each with whether a screen shows it. */
function linkedFlicksBy(queryClient: QueryClient, userId: string) {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: flickKeys.details() })
    .flatMap((query) => {
      const flick = query.state.data as Flick | null | undefined;
      return flick?.uploadedBy._id === userId
        ? [{ flick, key: query.queryKey, shown: query.isActive() }]
        : [];
    });
}

/**
 * Asks the server for a share link's flick again: still shown to the viewer, its copy is the server's
 * but for the viewer's own like (one on its way must not flip back); hidden now (404), it goes as a
 * deleted one does, the link's screen going on with the feed. It is not refetched through its query,
 * whose error would swap the whole screen for "This reel isn't available". A failure that says nothing
 * (the network) leaves it: an action on it would find it gone.
 */
async function askAgainForLinkedFlick(queryClient: QueryClient, id: string): Promise<void> {
  try {
    const fresh = await fetchReel(id);
    patchFlick(queryClient, id, (cached) => ({
      ...fresh,
      isLiked: cached.isLiked,
      likesCount: cached.likesCount,
    }));
  } catch (error) {
    if (isReelUnavailable(error)) removeCachedFlick(queryClient, id);
  }
}

/**
 * A member went private: a stranger's reels of hers go at once when the viewer is known not to follow
 * her (`knownStranger`); when unknown, the feed holding hers and the share link's flick of hers are read
 * again and the server says (a follower keeps them).
 */
export function dropReelsOfPrivateMember(
  queryClient: QueryClient,
  userId: string,
  knownStranger: boolean,
): void {
  if (knownStranger) {
    removeCachedFlicksBy(queryClient, userId);
    return;
  }
  if (hasFlicksBy(queryClient, userId)) void queryClient.invalidateQueries({ queryKey: flickKeys.feed() });
  // One no screen shows is only forgotten: a link opened again reads it anew.
  for (const { flick, key, shown } of linkedFlicksBy(queryClient, userId)) {
    if (shown) void askAgainForLinkedFlick(queryClient, flick._id);
    else queryClient.removeQueries({ queryKey: key, exact: true, type: "inactive" });
  }
}

/**
 * Takes every flick of this member out of the feed, and a share link's (the viewer blocked them, or a
 * private member removed them as a follower).
 */
export function removeCachedFlicksBy(queryClient: QueryClient, userId: string): void {
  queryClient.setQueryData<FlickFeed>(flickKeys.feed(), (data) =>
    mapFeed(data, (flicks) =>
      flicks.some((flick) => flick.uploadedBy._id === userId)
        ? flicks.filter((flick) => flick.uploadedBy._id !== userId)
        : flicks,
    ),
  );
  for (const { flick } of linkedFlicksBy(queryClient, userId)) removeCachedFlick(queryClient, flick._id);
}
