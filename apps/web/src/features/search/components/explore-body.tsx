import { EXPLORE_TABS, type ExploreTab } from "@flik/shared";
import { type FocusEvent, useId, useMemo } from "react";
import { useSearchParams } from "react-router";
import { ImageIcon } from "../../../components/icons";
import { LoadError } from "../../../components/load-error";
import { TabList } from "../../../components/tab-list";
import { retryAdvice } from "../../../lib/query-retry";
import { PostGrid, PostGridSkeleton } from "../../posts/components/post-grid";
import { useExploreQuery } from "../api/search.queries";
import { MusicPicksCard } from "./music-picks-card";
import { PollCard } from "./poll-card";
import { ThoughtCard } from "./thought-card";
import { TrendingCard } from "./trending-card";

/** Spec §2's tabs, in its order; For You first opens (it is the one for everybody). */
const TABS = [
  { id: "music", label: "Music", empty: "No music posts yet", hint: "Posts about music show up here." },
  { id: "gaming", label: "Gaming", empty: "No gaming posts yet", hint: "Posts about games show up here." },
  {
    id: "for-you",
    label: "For You",
    empty: "Nothing to explore yet",
    hint: "Popular posts from around Flik show up here.",
  },
] as const satisfies readonly { id: ExploreTab; label: string; empty: string; hint: string }[];

const DEFAULT_TAB: ExploreTab = "for-you";

function asTab(value: string | null): ExploreTab {
  return EXPLORE_TABS.find((tab) => tab === value) ?? DEFAULT_TAB;
}

/**
 * Explore without a search: the cards and the tabs. From 1024px the cards are a side column; on smaller
 * screens a row above the grid that scrolls sideways, one card and the edge of the next in view, so the
 * grid starts on the first screen (stacked, the four cards filled a phone's first two screens) and the
 * cards stay reachable (below a grid that never ends they would not be).
 */
export function ExploreBody() {
  const [params, setParams] = useSearchParams();
  const tab = asTab(params.get("tab"));
  const selectTab = (next: ExploreTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_TAB) updated.delete("tab");
        else updated.set("tab", next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-x-8 gap-y-5 lg:mt-6 lg:grid-cols-[minmax(0,1fr)_19rem]">
      <aside
        aria-label="Today on Flik"
        onFocus={showFocusedCard}
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 max-lg:*:w-[84%] max-lg:*:max-w-sm max-lg:*:shrink-0 max-lg:*:snap-start sm:-mx-0 sm:scroll-px-0 sm:px-0 lg:col-start-2 lg:row-start-1 lg:grid lg:content-start lg:items-start lg:gap-4 lg:overflow-visible lg:pb-0"
      >
        <TrendingCard />
        <PollCard />
        <ThoughtCard />
        <MusicPicksCard />
      </aside>
      <section aria-label="Explore" className="min-w-0 lg:col-start-1 lg:row-start-1">
        <ExploreTabs selected={tab} onSelect={selectTab} />
      </section>
    </div>
  );
}

/**
 * On a phone the cards are a carousel snapped to each card's start: the browser brings a focused control
 * into view but the snap may leave its card mostly outside, so the card itself is brought in, whole.
 */
function showFocusedCard(event: FocusEvent<HTMLElement>) {
  const carousel = event.currentTarget;
  // Only the keyboard's focus, and only while the cards scroll sideways (not the desktop's column): a
  // tap's focus must not move the card under the finger before its click lands.
  if (carousel.scrollWidth <= carousel.clientWidth || !isKeyboardFocus(event.target)) return;
  const card = [...carousel.children].find((child) => child.contains(event.target));
  card?.scrollIntoView?.({ block: "nearest", inline: "start" });
}

function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(":focus-visible");
  } catch {
    return true;
  }
}

function ExploreTabs({ selected, onSelect }: { selected: ExploreTab; onSelect: (tab: ExploreTab) => void }) {
  const baseId = useId();
  const tabId = (tab: ExploreTab) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;
  return (
    <>
      <TabList
        tabs={TABS}
        selected={selected}
        onSelect={onSelect}
        label="Explore topics"
        tabId={tabId}
        panelId={() => panelId}
        // Room inside the scrolling row for a focused tab's ring, which the row would clip.
        className="-mx-1.5 -mt-1.5 mb-1.5 flex gap-2 overflow-x-auto p-1.5 sm:mb-2.5"
        tabClassName={(active) =>
          `shrink-0 rounded-full px-4 py-2 text-sm font-semibold transition ${
            active
              ? "bg-zinc-900 text-white"
              : "bg-zinc-100 text-zinc-700 hover:bg-zinc-200 hover:text-zinc-900"
          }`
        }
      />
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className="-mx-4 sm:mx-0">
        <ExploreGrid key={selected} tab={selected} />
      </div>
    </>
  );
}

function ExploreGrid({ tab }: { tab: ExploreTab }) {
  const query = useExploreQuery(tab);
  const posts = useMemo(() => query.data?.pages.flatMap((page) => page.posts) ?? [], [query.data]);
  const about = TABS.find(({ id }) => id === tab) ?? TABS[2];

  if (query.isPending) {
    return (
      <>
        <p role="status" className="sr-only">
          Loading posts...
        </p>
        <PostGridSkeleton tiles={12} />
      </>
    );
  }
  if (query.isError && posts.length === 0) {
    return (
      <LoadError
        title="Something went wrong loading posts."
        detail={retryAdvice(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (posts.length === 0) {
    return (
      <div className="flex flex-col items-center px-6 py-14 text-center">
        <span className="flex size-16 items-center justify-center rounded-full border-2 border-zinc-900 text-zinc-900">
          <ImageIcon className="size-8" />
        </span>
        <p className="mt-4 text-xl font-bold tracking-tight text-zinc-900">{about.empty}</p>
        <p className="mt-1.5 max-w-xs text-sm text-zinc-600">{about.hint}</p>
      </div>
    );
  }
  return <PostGrid posts={posts} label={`${about.label} posts`} paging={query} mosaic />;
}
