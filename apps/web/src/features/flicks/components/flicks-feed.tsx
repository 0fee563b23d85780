import type { Flick } from "@flik/shared";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useFocusSurvivesRemoval } from "../../../lib/use-focus-survives-removal";
import { REDUCED_MOTION_QUERY, useMediaQuery } from "../../../lib/use-media-query";
import { FlickDeleteDialog } from "../../posts/components/delete-post-dialog";
import { useFlicksQuery } from "../api/flicks.queries";
import { useDeleteFlick } from "../hooks/use-delete-flick";
import { useFlicksKeyboard } from "../hooks/use-flicks-keyboard";
import { useFlicksLiveUpdates } from "../hooks/use-flicks-live-updates";
import { type FlicksArrivalState, useFocusOnArrival } from "../hooks/use-focus-on-arrival";
import { useVisibleFlick } from "../hooks/use-visible-flick";
import { FlickCommentsPanel } from "./flick-comments-panel";
import { FlickItem } from "./flick-item";
import { FlicksEmpty, FlicksError, FlicksLoading } from "./flicks-states";
import { FlicksTopBar } from "./flicks-top-bar";

/** Flicks this close to the one on screen keep their video element; the rest are empty frames. */
const MOUNTED_AROUND = 1;
/** The next page loads when the viewer is this close to the end. */
const PREFETCH_WITHIN = 3;

/**
 * The full-screen, snap-scrolling feed (spec §2, §4), newest first, after `lead` when a share link
 * opened it. One flick per screen height; only the one in view plays.
 */
export function FlicksFeed({ lead }: { lead?: Flick }) {
  useDocumentTitle("Flicks");
  const feed = useFlicksQuery();
  const flicks = useMemo(() => {
    const loaded = feed.data?.pages.flatMap((page) => page.flicks) ?? [];
    return lead ? [lead, ...loaded.filter((flick) => flick._id !== lead._id)] : loaded;
  }, [feed.data, lead]);

  const scroller = useRef<HTMLElement>(null);
  const { currentId, inView, register } = useVisibleFlick(scroller);
  const activeIndex = Math.max(
    0,
    flicks.findIndex((flick) => flick._id === currentId),
  );
  const active = flicks[activeIndex];
  // Spec §4: muted at first; once unmuted, the next flick plays with sound too.
  const [muted, setMuted] = useState(true);
  const toggleMute = useCallback(() => setMuted((value) => !value), []);
  // The viewer's last choice for one flick; any other plays in view, unless they asked for less motion.
  const reduceMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [choice, setChoice] = useState<{ flickId: string; play: boolean } | null>(null);
  const wantsPlay = (id: string) => (choice?.flickId === id ? choice.play : !reduceMotion);
  const togglePause = (id: string) => setChoice({ flickId: id, play: !wantsPlay(id) });
  const [commentsFor, setCommentsFor] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const deleteFlick = useDeleteFlick();
  const navigate = useNavigate();

  const nearbyIds = useMemo(
    () =>
      flicks
        .slice(Math.max(0, activeIndex - MOUNTED_AROUND), activeIndex + MOUNTED_AROUND + 1)
        .map((f) => f._id),
    [flicks, activeIndex],
  );
  useFlicksLiveUpdates(nearbyIds);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  useEffect(() => {
    if (flicks.length === 0 || activeIndex < flicks.length - PREFETCH_WITHIN) return;
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [activeIndex, flicks.length, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const scrollTo = (index: number) => {
    const target = flicks[index];
    if (!target) return;
    const item = scroller.current?.querySelector(`[data-flick-id="${CSS.escape(target._id)}"]`);
    item?.scrollIntoView?.({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    // The focus follows to the flick now on screen, never left on a control scrolled away.
    item?.querySelector<HTMLElement>("article")?.focus({ preventScroll: true });
  };
  // A reel leaving while it holds the focus (deleted, its author blocked from its menu, found gone)
  // hands it to the one after it, which scrolls into its place, else the one before, else the feed.
  const flickIds = useMemo(() => flicks.map((flick) => flick._id), [flicks]);
  const articleOf = (id: string) =>
    scroller.current?.querySelector<HTMLElement>(`[data-flick-id="${CSS.escape(id)}"] article`);
  const survivor = useFocusSurvivesRemoval({
    keys: flickIds,
    itemOf: articleOf,
    whenEmpty: () => scroller.current,
  });
  // Arrived from a share link whose reel was deleted there: the focus goes on here.
  useFocusOnArrival({
    itemOf: articleOf,
    first: () => scroller.current?.querySelector<HTMLElement>("[data-flick-id] article"),
    whenEmpty: () => scroller.current,
  });
  useFlicksKeyboard({
    enabled: !commentsFor && !deleting && flicks.length > 0,
    onNext: () => scrollTo(activeIndex + 1),
    onPrevious: () => scrollTo(activeIndex - 1),
    onFirst: () => scrollTo(0),
    onLast: () => scrollTo(flicks.length - 1),
    onTogglePause: () => active && togglePause(active._id),
    onToggleMute: toggleMute,
  });

  const commentsFlick = flicks.find((flick) => flick._id === commentsFor);
  return (
    <div className="fixed inset-0 bg-black">
      <FlicksTopBar muted={flicks.length > 0 ? muted : null} onToggleMute={toggleMute} />
      <main
        id="main"
        ref={scroller}
        tabIndex={-1}
        aria-label="Flicks"
        // From 1024px the column is centred beside the rail (lg:pl-60), not under it.
        className="h-dvh outline-none snap-y snap-mandatory overflow-y-auto overscroll-y-contain [scrollbar-width:none] lg:pl-60 [&::-webkit-scrollbar]:hidden"
      >
        {flicks.length === 0 ? (
          feed.isPending ? (
            <FlicksLoading />
          ) : feed.isError ? (
            <FlicksError onRetry={() => feed.refetch()} retrying={feed.isFetching} />
          ) : (
            <FlicksEmpty />
          )
        ) : (
          <ul
            aria-label="Reels"
            onFocus={(event) => {
              const id = event.target.closest("[data-flick-id]")?.getAttribute("data-flick-id");
              if (id) survivor.holds(id);
            }}
          >
            {flicks.map((flick, index) => {
              const distance = index - activeIndex;
              return (
                <li
                  key={flick._id}
                  ref={register}
                  data-flick-id={flick._id}
                  // Padding, not the flick's margin: a margin would fall through the item and shift the frame.
                  className="h-dvh snap-start snap-always lg:py-4"
                >
                  <FlickItem
                    flick={flick}
                    nearby={Math.abs(distance) <= MOUNTED_AROUND}
                    preload={distance === 0 || distance === 1 ? "auto" : "metadata"}
                    playing={distance === 0 && inView && wantsPlay(flick._id)}
                    paused={distance === 0 && !wantsPlay(flick._id)}
                    muted={muted}
                    onToggleMute={toggleMute}
                    onTogglePause={() => togglePause(flick._id)}
                    onSoundBlocked={() => setMuted(true)}
                    onOpenComments={(target) => setCommentsFor(target._id)}
                    onDelete={(target) => setDeleting(target._id)}
                  />
                </li>
              );
            })}
            {isFetchNextPageError && (
              <li className="h-dvh snap-start">
                <FlicksError onRetry={() => fetchNextPage()} retrying={isFetchingNextPage} />
              </li>
            )}
          </ul>
        )}
      </main>
      {commentsFlick && <FlickCommentsPanel flick={commentsFlick} onClose={() => setCommentsFor(null)} />}
      {deleting && (
        <FlickDeleteDialog
          deleting={deleteFlick.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            deleteFlick.mutate(deleting, {
              onSettled: () => setDeleting(null),
              onSuccess: () => {
                // Closed now, giving the focus back to the reel while it is still there to hand it on.
                flushSync(() => setDeleting(null));
                // The reel its link (/reel/{id}) opened is gone: the address no longer names it. /flicks
                // is drawn anew, so it is told where the focus goes on: to the reel after this one.
                if (deleting === lead?._id) {
                  const at = flicks.findIndex((flick) => flick._id === deleting);
                  const next = flicks[at + 1] ?? flicks[at - 1];
                  navigate("/flicks", {
                    replace: true,
                    state: { focusFlick: next?._id ?? null } satisfies FlicksArrivalState,
                  });
                }
              },
            })
          }
        />
      )}
    </div>
  );
}
