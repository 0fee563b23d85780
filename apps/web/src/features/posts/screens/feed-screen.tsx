import { useCallback, useMemo, useRef } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { canObserveIntersections, useOnInView } from "../../../lib/use-in-view";
import { useRovingFocus } from "../../../lib/use-roving-focus";
import { StoriesStrip } from "../../stories/components/stories-strip";
import { useFeedQuery } from "../api/posts.queries";
import { FeedPlaybackProvider } from "../components/feed-playback";
import { FeedEmpty, FeedError } from "../components/feed-states";
import { PostCard } from "../components/post-card";
import { PostCardSkeleton } from "../components/post-card-skeleton";
import { usePostRooms } from "../hooks/use-post-rooms";

/**
 * On phones the stories strip starts right under the header, as in Instagram: this takes back the
 * frame's top padding, and one pixel more so its top edge lies under the header's border.
 */
const FLUSH_UNDER_HEADER = "-mt-[calc(1.5rem+1px)] sm:mt-0";

/** /post, the Home tab: the member's posts and those of the people they follow, newest first. */
export function FeedScreen() {
  useDocumentTitle("Home");
  const feed = useFeedQuery();
  const posts = useMemo(() => feed.data?.pages.flatMap((page) => page.posts) ?? [], [feed.data]);
  const postIds = useMemo(() => posts.map((post) => post._id), [posts]);
  usePostRooms(postIds);
  // The list is one Tab stop: arrows (or j and k) move between posts, Tab goes into the current one.
  const heading = useRef<HTMLHeadingElement>(null);
  const roving = useRovingFocus({
    keys: postIds,
    letterKeys: true,
    singleTabStop: true,
    alignToTop: true,
    focusWhenEmpty: () => heading.current,
  });

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const sentinel = useRef<HTMLDivElement>(null);
  useOnInView(sentinel, loadMore, { enabled: hasNextPage && !isFetchNextPageError });

  return (
    <div className="mx-auto w-full max-w-[540px]">
      {/* Focusable: it takes the focus from the last post gone (here, or on its own screen, which comes back here). */}
      <h1 ref={heading} tabIndex={-1} className="sr-only">
        Home
      </h1>
      <StoriesStrip className={`${FLUSH_UNDER_HEADER} mb-4 sm:mb-6`} />
      {feed.isPending ? (
        <FeedLoading />
      ) : feed.isError && posts.length === 0 ? (
        <FeedError error={feed.error} onRetry={() => feed.refetch()} retrying={feed.isFetching} />
      ) : posts.length === 0 ? (
        <FeedEmpty />
      ) : (
        <>
          <FeedPlaybackProvider>
            <ul className="peer space-y-4 sm:space-y-6" aria-label="Posts" {...roving.listProps}>
              {posts.map((post, index) => (
                <li key={post._id}>
                  <PostCard
                    post={post}
                    focusRef={roving.itemRef(post._id)}
                    tabIndex={post._id === roving.currentKey ? 0 : -1}
                    priority={index === 0}
                  />
                </li>
              ))}
            </ul>
            {/* Shown while a post has the keyboard's focus: Tab goes into it, these keys move on. */}
            <p
              aria-hidden="true"
              className="pointer-events-none sticky bottom-20 z-20 -mt-9 flex h-9 items-center justify-center opacity-0 transition-opacity peer-has-[article:focus-visible]:opacity-100 sm:bottom-6"
            >
              <span className="rounded-full bg-zinc-900/90 px-3.5 py-1.5 text-xs font-medium text-white shadow-lg">
                ↑ ↓ or J K for the next post
              </span>
            </p>
          </FeedPlaybackProvider>
          <div ref={sentinel} className="mt-4 sm:mt-6">
            {isFetchingNextPage ? (
              <FeedLoading count={1} />
            ) : isFetchNextPageError ? (
              <FeedError error={feed.error} onRetry={() => fetchNextPage()} retrying={false} />
            ) : hasNextPage ? (
              !canObserveIntersections && (
                <button type="button" onClick={loadMore} className={`${buttonStyles.secondary} w-full`}>
                  Load more posts
                </button>
              )
            ) : (
              <p className="py-6 text-center text-sm text-zinc-500">You're all caught up</p>
            )}
          </div>
        </>
      )}
    </div>
  );
}

function FeedLoading({ count = 2 }: { count?: number }) {
  return (
    <div className="space-y-4 sm:space-y-6">
      <p role="status" className="sr-only">
        Loading posts...
      </p>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <PostCardSkeleton key={index} />
      ))}
    </div>
  );
}
