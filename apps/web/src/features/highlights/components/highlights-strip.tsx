import type { Highlight } from "@flik/shared";
import { useLayoutEffect, useRef } from "react";
import { PlusIcon } from "../../../components/icons";
import { ArchiveIcon } from "../../../components/later-icons";
import { ScrollStrip } from "../../../components/scroll-strip";
import { useArrivals } from "../../../lib/use-arrivals";
import { focusIsLost, useFocusWhenClosed } from "../../../lib/use-focus-when-closed";
import { useModalHistory } from "../../../lib/use-modal-history";
import { useHighlightsQuery } from "../api/highlights.queries";
import { useDeleteHighlight } from "../hooks/use-delete-highlight";
import { HighlightFormDialog } from "./highlight-form-dialog";
import { HighlightMedia } from "./highlight-media";
import { HighlightViewer } from "./highlight-viewer";
import { StoryArchiveDialog } from "./story-archive-dialog";

/**
 * The strip's open modal, kept in its history entry (so Back closes it): the viewer or the edit form of a
 * highlight, by id, the add form, or the archive.
 */
type HighlightModal = `view:${string}` | `edit:${string}` | "add" | "archive";
type Open = { view: Highlight } | { form: Highlight | null } | { archive: true } | null;

/** Null too when the highlight is gone (deleted elsewhere since, or before a reload). */
function openIn(modal: HighlightModal | null, highlights: Highlight[]): Open {
  if (modal === "add") return { form: null };
  if (modal === "archive") return { archive: true };
  const [kind, id] = modal?.split(":") ?? [];
  const highlight = highlights.find(({ _id }) => _id === id);
  if (!highlight) return null;
  return kind === "view" ? { view: highlight } : { form: highlight };
}

const tileClass = "flex w-[72px] shrink-0 snap-start flex-col items-center gap-1.5 rounded-xl sm:w-[88px]";
const ringClass = "flex size-16 items-center justify-center rounded-full sm:size-20";
const ownerTileRing =
  "border-2 bg-zinc-50 text-zinc-600 transition hover:border-fuchsia-400 hover:text-fuchsia-600";

/**
 * Spec §2: circular thumbnails with names in a horizontal strip; the owner also gets an Add tile, and an
 * Archive tile for their stories, live and expired, to make highlights from (issue 17).
 */
export function HighlightsStrip({ username, isOwner }: { username: string; isOwner: boolean }) {
  const query = useHighlightsQuery(username);
  const remove = useDeleteHighlight(username);
  const modal = useModalHistory<HighlightModal>("highlight");
  const highlights = query.data ?? [];
  const open = openIn(modal.shown, highlights);
  // A deleted highlight takes its tile, which the viewer would give the focus back to: Add has it then.
  const addRef = useRef<HTMLButtonElement>(null);
  useFocusWhenClosed(open !== null, () => addRef.current);
  // One the owner just added goes last, perhaps past the strip's end: once the form that added it has
  // closed (and given the focus back to Add or Archive), the new tile takes it, which brings it into view.
  const listRef = useRef<HTMLUListElement>(null);
  const adding = open !== null && (("form" in open && open.form === null) || "archive" in open);
  const wasAdding = useRef(adding);
  const added = useRef<string | null>(null);
  useArrivals(isOwner ? query.data : undefined, (arrived) => {
    added.current = arrived.at(-1)?._id ?? null;
  });
  useLayoutEffect(() => {
    const addedNow = wasAdding.current && !adding;
    wasAdding.current = adding;
    // Its answer may come with the form's close, in one render, or before it.
    if (adding) return;
    const id = added.current;
    added.current = null;
    if (!addedNow || id === null) return;
    const tile = listRef.current?.querySelector<HTMLElement>(`[data-highlight-id="${id}"] button`);
    if (focusIsLost() || listRef.current?.contains(document.activeElement)) tile?.focus();
  });

  if (query.isPending) return <StripSkeleton />;
  if (!isOwner && highlights.length === 0) return null;

  return (
    <section aria-label="Highlights">
      {/* A row of its own under the whole header, centred like the tabs below it (never cut off when it
          scrolls), scrolling as the feed's stories do; the arrows' centre line is the pictures' middle. */}
      <ScrollStrip
        noun="highlights"
        className="-mx-4 flex snap-x scroll-px-4 px-4 pt-1 pb-2 sm:mx-0 sm:scroll-px-0 sm:justify-center-safe sm:px-0"
        arrowsTop="top-9 sm:top-11"
      >
        {/* A tile focused while partly in view is not scrolled to by the browser: it is brought in whole. */}
        <ul
          ref={listRef}
          onFocus={(event) => event.target.scrollIntoView?.({ inline: "nearest", block: "nearest" })}
          className="flex gap-3 sm:gap-8"
        >
          {isOwner && (
            <>
              <li>
                <button
                  ref={addRef}
                  type="button"
                  aria-label="Add highlight"
                  onClick={() => modal.open("add")}
                  className={tileClass}
                >
                  <span className={`${ringClass} ${ownerTileRing} border-dashed border-zinc-300`}>
                    <PlusIcon className="size-7" />
                  </span>
                  <span className="text-xs font-semibold text-zinc-800">Add</span>
                </button>
              </li>
              <li>
                <button
                  type="button"
                  aria-haspopup="dialog"
                  title="Your stories, also after they disappear"
                  onClick={() => modal.open("archive")}
                  className={tileClass}
                >
                  <span className={`${ringClass} ${ownerTileRing} border-zinc-200`}>
                    <ArchiveIcon className="size-7" />
                  </span>
                  <span className="text-xs font-semibold text-zinc-800">Archive</span>
                </button>
              </li>
            </>
          )}
          {highlights.map((highlight) => (
            <li key={highlight._id} data-highlight-id={highlight._id}>
              <button
                type="button"
                aria-haspopup="dialog"
                aria-label={`View highlight ${highlight.name}`}
                onClick={() => modal.open(`view:${highlight._id}`)}
                className={`group ${tileClass}`}
              >
                <span
                  className={`${ringClass} bg-zinc-200 p-[3px] ring-1 ring-zinc-300 transition group-hover:ring-zinc-400`}
                >
                  <span className="size-full overflow-hidden rounded-full ring-2 ring-white">
                    <HighlightMedia
                      src={highlight.src}
                      type={highlight.type}
                      alt=""
                      className="size-full object-cover"
                    />
                  </span>
                </span>
                {/* Cut to the tile's width: the pointer finds the whole name, as the viewer shows it. */}
                <span
                  title={highlight.name}
                  className="w-full truncate text-center text-xs font-semibold text-zinc-800"
                >
                  {highlight.name}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </ScrollStrip>

      {open && "view" in open && (
        <HighlightViewer
          highlight={open.view}
          isOwner={isOwner}
          deleting={remove.isPending}
          onClose={modal.close}
          onEdit={() => modal.open(`edit:${open.view._id}`)}
          onDelete={({ onSettled }) => remove.mutate(open.view._id, { onSuccess: modal.close, onSettled })}
        />
      )}
      {open && "form" in open && (
        <HighlightFormDialog username={username} highlight={open.form ?? undefined} onClose={modal.close} />
      )}
      {open && "archive" in open && <StoryArchiveDialog username={username} onClose={modal.close} />}
    </section>
  );
}

function StripSkeleton() {
  return (
    <div aria-hidden="true" className="flex gap-3 overflow-hidden pt-1 pb-2 sm:justify-center sm:gap-8">
      {Array.from({ length: 4 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <div key={index} className={tileClass}>
          <div className="size-16 animate-pulse rounded-full bg-zinc-200/80 motion-reduce:animate-none sm:size-20" />
          <div className="h-2.5 w-12 animate-pulse rounded bg-zinc-200/80 motion-reduce:animate-none" />
        </div>
      ))}
    </div>
  );
}
