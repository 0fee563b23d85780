import { type Story, videoPosterUrl } from "@flik/shared";
import { type ReactNode, useCallback, useId, useMemo, useRef } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { PlayIcon } from "../../../components/icons";
import { ArchiveIcon, CheckIcon } from "../../../components/later-icons";
import { UnloadableMedia, useMediaFailed } from "../../../components/unloadable-media";
import { responsiveImage } from "../../../lib/responsive-image";
import { serverNow } from "../../../lib/server-clock";
import { timeAgoPhrase } from "../../../lib/time-ago";
import { canObserveIntersections, useOnInView } from "../../../lib/use-in-view";
import { useStoryArchiveQuery } from "../api/stories.queries";

export const ARCHIVE_EMPTY = "No stories in your archive yet";

/** A story's name where it is chosen: its kind and age, as in "Story from 3 days ago". */
export function archivedStoryLabel(story: Story, now = serverNow()): string {
  return `${story.mediaType === "video" ? "Video story" : "Story"} from ${timeAgoPhrase(story.createdAt, now)}`;
}

interface StoryArchiveGridProps {
  /** The chosen story's id, if any. */
  selectedId: string | null;
  onSelect: (story: Story) => void;
  /** Under the empty state's text: another way on (uploading a file instead). */
  emptyAction?: ReactNode;
  /** The scrolling area's height: the grid scrolls inside it while the form around it stays put. */
  scrollClassName?: string;
  /** While the choice is being saved. */
  disabled?: boolean;
}

const gridClass = "grid grid-cols-3 gap-1 min-[480px]:grid-cols-4";

/**
 * The member's archive (their own stories, live and expired, newest first) as a group of radio buttons:
 * a click or the arrow keys choose one, and more come as the grid scrolls (or with Load more).
 */
export function StoryArchiveGrid({
  selectedId,
  onSelect,
  emptyAction,
  scrollClassName = "max-h-[min(48dvh,26rem)]",
  disabled = false,
}: StoryArchiveGridProps) {
  const query = useStoryArchiveQuery();
  const stories = useMemo(() => query.data?.pages.flatMap((page) => page.stories) ?? [], [query.data]);
  const name = useId();
  const now = serverNow();

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const sentinel = useRef<HTMLDivElement>(null);
  useOnInView(sentinel, loadMore, { enabled: hasNextPage && !isFetchNextPageError, rootMargin: "200px 0px" });

  if (query.isPending) return <GridSkeleton />;
  if (query.isError && stories.length === 0) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl bg-zinc-50 px-6 py-10 text-center text-sm text-zinc-600"
      >
        Couldn't load your stories.
        {/* Asking again shows the skeletons: the query has nothing to show until it answers. */}
        <button type="button" onClick={() => query.refetch()} className={buttonStyles.secondary}>
          Try again
        </button>
      </div>
    );
  }
  if (stories.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl bg-zinc-50 px-6 py-10 text-center">
        <span className="flex size-14 items-center justify-center rounded-full border-2 border-zinc-900 text-zinc-900">
          <ArchiveIcon className="size-7" />
        </span>
        <p className="mt-3 text-base font-semibold text-zinc-900">{ARCHIVE_EMPTY}</p>
        <p className="mt-1 max-w-xs text-sm text-balance text-zinc-600">
          Stories you share stay here after they disappear. Only you can see them.
        </p>
        {emptyAction}
      </div>
    );
  }

  return (
    <div className={`-mx-1 overflow-y-auto overscroll-contain px-1 py-1 ${scrollClassName}`}>
      <fieldset disabled={disabled} className="min-w-0">
        <legend className="sr-only">Your stories</legend>
        <div className={gridClass}>
          {stories.map((story) => (
            <ArchiveTile
              key={story._id}
              story={story}
              name={name}
              label={archivedStoryLabel(story, now)}
              selected={story._id === selectedId}
              onSelect={onSelect}
            />
          ))}
        </div>
      </fieldset>
      <div ref={sentinel}>
        {isFetchingNextPage ? (
          <>
            <p role="status" className="sr-only">
              Loading more stories...
            </p>
            <TileSkeletons count={4} className="mt-1" />
          </>
        ) : isFetchNextPageError ? (
          <div role="alert" className="flex flex-col items-center gap-2 py-4 text-sm text-zinc-600">
            Couldn't load more stories.
            <button type="button" onClick={() => fetchNextPage()} className={buttonStyles.secondary}>
              Try again
            </button>
          </div>
        ) : (
          hasNextPage &&
          !canObserveIntersections && (
            <button type="button" onClick={loadMore} className={`${buttonStyles.secondary} mt-2 w-full`}>
              Load more
            </button>
          )
        )}
      </div>
    </div>
  );
}

interface ArchiveTileProps {
  story: Story;
  name: string;
  label: string;
  selected: boolean;
  onSelect: (story: Story) => void;
}

const dayFormat = new Intl.DateTimeFormat("en-US", { day: "numeric" });
const monthFormat = new Intl.DateTimeFormat("en-US", { month: "short" });

/** One story: a native radio (arrows move and choose, Tab leaves the group) over its thumbnail. */
function ArchiveTile({ story, name, label, selected, onSelect }: ArchiveTileProps) {
  const date = new Date(story.createdAt);
  const dated = !Number.isNaN(date.getTime());
  const [failed, onError] = useMediaFailed(story.mediaUrl);
  return (
    <label
      title={label}
      className="group relative block aspect-[9/16] cursor-pointer overflow-hidden rounded-lg bg-zinc-200 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-fuchsia-600"
    >
      <input
        type="radio"
        name={name}
        value={story._id}
        checked={selected}
        onChange={() => onSelect(story)}
        aria-label={label}
        // Invisible, covering the tile: focus scrolls the whole tile into view, and a touch reader finds it.
        className="peer absolute inset-0 z-10 m-0 size-full scroll-my-2 cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
      />
      {failed ? (
        <UnloadableMedia type={story.mediaType} className="size-full" />
      ) : story.mediaType === "video" ? (
        // No poster: the first frame shows once its metadata has come (#t nudges Safari to draw it).
        <span aria-hidden="true" className="contents">
          <video
            poster={videoPosterUrl(story.mediaUrl) ?? undefined}
            src={`${story.mediaUrl}#t=0.1`}
            muted
            playsInline
            preload="metadata"
            onError={onError}
            className="size-full object-cover"
          />
        </span>
      ) : (
        <img
          {...responsiveImage(story.mediaUrl, "archiveGrid")}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={onError}
          className="size-full object-cover"
        />
      )}
      <span
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-b from-black/25 via-transparent to-black/20 transition group-hover:bg-white/10 peer-checked:bg-white/25"
      />
      {dated && (
        <span
          aria-hidden="true"
          className="absolute top-1.5 left-1.5 flex min-w-8 flex-col items-center rounded-md bg-white/95 px-1 py-0.5 leading-none text-zinc-900 shadow-sm"
        >
          <span className="text-sm font-bold">{dayFormat.format(date)}</span>
          <span className="text-[10px] font-semibold text-zinc-500 uppercase">
            {monthFormat.format(date)}
          </span>
        </span>
      )}
      {story.mediaType === "video" && (
        <span
          aria-hidden="true"
          className="absolute bottom-1.5 left-1.5 flex size-6 items-center justify-center rounded-full bg-black/55 text-white backdrop-blur-sm"
        >
          <PlayIcon className="size-3.5 translate-x-px" />
        </span>
      )}
      <span
        aria-hidden="true"
        className={`absolute top-1.5 right-1.5 flex size-6 items-center justify-center rounded-full border-2 transition ${
          selected ? "border-white bg-fuchsia-600 text-white" : "border-white/90 bg-black/15 text-transparent"
        }`}
      >
        <CheckIcon className="size-3.5 stroke-[3]" />
      </span>
      <span
        aria-hidden="true"
        className={`pointer-events-none absolute inset-0 rounded-lg ring-inset transition ${
          selected ? "ring-[3px] ring-fuchsia-600" : "ring-1 ring-black/5"
        }`}
      />
    </label>
  );
}

const skeletonTileClass = "aspect-[9/16] animate-pulse rounded-lg bg-zinc-200/80 motion-reduce:animate-none";

function TileSkeletons({ count, className = "" }: { count: number; className?: string }) {
  return (
    <div aria-hidden="true" className={`${gridClass} ${className}`}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <div key={index} className={skeletonTileClass} />
      ))}
    </div>
  );
}

function GridSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading your stories...
      </p>
      <TileSkeletons count={8} />
    </div>
  );
}
