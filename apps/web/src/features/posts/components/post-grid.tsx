import { isFlikUrl, type Post, videoPosterUrl } from "@flik/shared";
import { type ComponentProps, memo, useCallback, useMemo, useRef } from "react";
import { Link } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { CommentIcon, FlicksIcon, HeartIcon } from "../../../components/icons";
import { UnloadableMedia, useMediaFailed } from "../../../components/unloadable-media";
import { postPath } from "../../../lib/paths";
import { placeholderProps } from "../../../lib/placeholder";
import { responsiveImage } from "../../../lib/responsive-image";
import { useFocusSurvivesRemoval } from "../../../lib/use-focus-survives-removal";
import { canObserveIntersections, useOnInView } from "../../../lib/use-in-view";
import { usePostView } from "../cache/post-shadow";
import { formatCount } from "./post-actions";
import { mediaAlt } from "./post-media";

const bone = "animate-pulse bg-zinc-200/80 motion-reduce:animate-none";

/**
 * Explore's mosaic, as Instagram draws it: in every run of ten tiles on three columns, the third stands
 * two rows tall on the right and the sixth two rows tall on the left. The grid places the rest around
 * them (see the CSS grid auto-placement of items with a definite column).
 */
function mosaicClass(index: number): string {
  const place = index % 10;
  // A tall tile holds its own height (twice its width): alone in its rows (the last tile), it would
  // otherwise have none, its picture being out of the flow.
  const tall = "row-span-2 before:block before:pb-[200%]";
  if (place === 2) return `col-start-3 ${tall}`;
  if (place === 5) return `col-start-1 ${tall}`;
  return "aspect-square";
}

type TileLinkProps = Omit<ComponentProps<typeof Link>, "to" | "children" | "className">;

/**
 * One tile: the photo or the video's first frame, opening the post; counts on hover where there is one.
 * It fills its nearest positioned ancestor (the grid's cell), whatever that cell's shape. Memoised: a
 * page of more posts leaves the tiles already shown alone.
 */
export const PostTile = memo(function PostTile({
  post,
  className = "",
  ...linkProps
}: { post: Post; className?: string } & TileLinkProps) {
  const view = usePostView(post);
  const isVideo = view.mediaType === "video" || isFlikUrl(view.image);
  const [failed, onError] = useMediaFailed(view.image);
  const likes = `${view.likesCount} ${view.likesCount === 1 ? "like" : "likes"}`;
  const comments = `${view.commentsCount} ${view.commentsCount === 1 ? "comment" : "comments"}`;
  return (
    <Link
      to={postPath(view.user.username, view._id)}
      aria-label={`${mediaAlt(view)}, ${likes}, ${comments}`}
      {...linkProps}
      className={`group absolute inset-0 block overflow-hidden bg-zinc-200 focus-visible:z-10 focus-visible:outline-offset-0 ${className}`}
    >
      {failed ? (
        <UnloadableMedia type={isVideo ? "video" : "image"} className="absolute inset-0 size-full" />
      ) : isVideo ? (
        <span aria-hidden="true" className="contents">
          <video
            poster={videoPosterUrl(view.image) ?? undefined}
            src={view.image}
            muted
            playsInline
            preload="metadata"
            onError={onError}
            className="absolute inset-0 size-full object-cover"
          />
        </span>
      ) : (
        <img
          {...responsiveImage(view.image, "tileGrid", view.width)}
          {...placeholderProps(view.placeholder)}
          alt=""
          loading="lazy"
          decoding="async"
          onError={onError}
          className="absolute inset-0 size-full bg-cover bg-center object-cover"
        />
      )}
      {isVideo && (
        <span className="absolute top-2 right-2 text-white drop-shadow-[0_1px_2px_rgb(0_0_0/0.6)]">
          <FlicksIcon className="size-5" />
        </span>
      )}
      <span
        aria-hidden="true"
        className="absolute inset-0 hidden items-center justify-center gap-6 bg-zinc-950/40 text-base font-semibold text-white opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100 pointer-fine:flex"
      >
        <span className="flex items-center gap-1.5">
          <HeartIcon filled className="size-5" />
          {formatCount(view.likesCount)}
        </span>
        <span className="flex items-center gap-1.5">
          <CommentIcon className="size-5 fill-current" />
          {formatCount(view.commentsCount)}
        </span>
      </span>
    </Link>
  );
});

export function PostGridSkeleton({ tiles = 9, className = "" }: { tiles?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={`grid grid-cols-3 gap-0.5 sm:gap-1 ${className}`}>
      {Array.from({ length: tiles }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <div key={index} className={`${bone} aspect-square`} />
      ))}
    </div>
  );
}

export interface PagedPosts {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

interface PostGridProps {
  posts: Post[];
  /** Names the list for screen readers ("Posts tagged #sunset"). */
  label: string;
  paging: PagedPosts;
  /** Explore's mosaic of tall and square tiles; otherwise every tile is square. */
  mosaic?: boolean;
}

/**
 * A grid of post tiles, three across on every screen, that loads its next page as its end scrolls near
 * (or on "Load more posts" where the browser cannot tell).
 */
export function PostGrid({ posts, label, paging, mosaic = false }: PostGridProps) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = paging;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const sentinel = useRef<HTMLDivElement>(null);
  useOnInView(sentinel, loadMore, { enabled: hasNextPage && !isFetchNextPageError });
  // A tile deleted live (or its author gone private) while it holds the focus hands it to its neighbour.
  const list = useRef<HTMLUListElement>(null);
  const ids = useMemo(() => posts.map((post) => post._id), [posts]);
  const survivor = useFocusSurvivesRemoval({
    keys: ids,
    itemOf: (id) => list.current?.querySelector<HTMLElement>(`[data-post-id="${CSS.escape(id)}"] a`),
  });

  return (
    <>
      <ul ref={list} aria-label={label} className="grid grid-cols-3 gap-0.5 sm:gap-1">
        {posts.map((post, index) => (
          <li
            key={post._id}
            data-post-id={post._id}
            onFocus={() => survivor.holds(post._id)}
            className={`relative ${mosaic ? mosaicClass(index) : "aspect-square"}`}
          >
            <PostTile post={post} />
          </li>
        ))}
      </ul>
      <div ref={sentinel}>
        {isFetchingNextPage ? (
          <>
            <p role="status" className="sr-only">
              Loading more posts...
            </p>
            <PostGridSkeleton tiles={6} className="mt-0.5 sm:mt-1" />
          </>
        ) : isFetchNextPageError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-8 text-sm text-zinc-600">
            Something went wrong loading posts.
            <button type="button" onClick={() => void fetchNextPage()} className={buttonStyles.secondary}>
              Try again
            </button>
          </div>
        ) : (
          hasNextPage &&
          !canObserveIntersections && (
            <button type="button" onClick={loadMore} className={`${buttonStyles.secondary} mt-4 w-full`}>
              Load more posts
            </button>
          )
        )}
      </div>
    </>
  );
}
