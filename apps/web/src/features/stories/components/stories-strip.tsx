import type { StoryAuthor, StoryGroup } from "@flik/shared";
import { type ReactNode, type Ref, useRef } from "react";
import { PlusIcon } from "../../../components/icons";
import { ScrollStrip } from "../../../components/scroll-strip";
import { ApiError } from "../../../lib/api-client";
import { getToken, getUserId, getUsername } from "../../../lib/storage";
import { useFocusWhenClosed } from "../../../lib/use-focus-when-closed";
import { useModalHistory } from "../../../lib/use-modal-history";
import { useRovingFocus } from "../../../lib/use-roving-focus";
import { useCurrentUserQuery } from "../../auth/api/user.queries";
import { useStoriesQuery } from "../api/stories.queries";
import { useUploadStory } from "../hooks/use-upload-story";
import { LazyStoryViewer } from "./lazy-story-viewer";
import { StoryFileInput } from "./story-file-input";
import { UploadRing } from "./story-ring";
import { StoryTile, storyLabel, tileClass, tileRingClass } from "./story-tile";

export const LOGIN_TO_SEE_STORIES = "Login to see stories";
export const NO_STORIES_YET = "No stories yet";

const frameClass = "-mx-4 border-b border-zinc-200 bg-white sm:mx-0 sm:rounded-2xl sm:border sm:shadow-sm";
const rowClass = "flex gap-3 px-4 py-3 sm:gap-4";

/**
 * Spec §2: the stories strip at the top of the feed. The member's own comes first (adding one when they
 * have none), then the members they follow, those with something new first; a tile opens the viewer.
 */
export function StoriesStrip({ className = "" }: { className?: string }) {
  const query = useStoriesQuery();
  // On a history entry of its own: Back (or a phone's back gesture) closes it and stays on the feed.
  const viewer = useModalHistory<string>("stories");
  const openUserId = viewer.shown;
  // The viewer gives the focus back to its tile; when that went while it played (its stories deleted,
  // its member blocked), the row's Tab stop takes it.
  const sectionRef = useRef<HTMLElement>(null);
  useFocusWhenClosed(openUserId !== null, () =>
    sectionRef.current?.querySelector<HTMLElement>('ul [tabindex="0"]'),
  );
  const signedOut = !getToken() || (query.error instanceof ApiError && query.error.status === 401);

  let body: ReactNode;
  if (signedOut) {
    body = <p className="px-4 py-6 text-center text-sm text-zinc-600">{LOGIN_TO_SEE_STORIES}</p>;
  } else if (query.isPending) {
    body = <StripSkeleton />;
  } else {
    body = (
      // The arrows' centre line: the pictures' middle, under the row's top padding.
      <ScrollStrip noun="stories" className={rowClass} arrowsTop="top-11">
        <StoryTiles groups={query.data ?? []} onOpen={viewer.open} />
        {query.isLoadingError ? (
          <p className="flex shrink-0 items-center gap-3 self-center text-sm text-zinc-600">
            Couldn't load stories.
            <button
              type="button"
              onClick={() => query.refetch()}
              disabled={query.isFetching}
              className="rounded-lg px-2 py-1 font-semibold text-fuchsia-700 hover:bg-fuchsia-50 disabled:opacity-60"
            >
              {query.isFetching ? "Reloading..." : "Reload stories"}
            </button>
          </p>
        ) : (
          query.data?.length === 0 && (
            <p className="shrink-0 self-center text-sm text-zinc-600">{NO_STORIES_YET}</p>
          )
        )}
      </ScrollStrip>
    );
  }

  return (
    <section ref={sectionRef} aria-label="Stories" className={`${frameClass} ${className}`}>
      {body}
      {openUserId && <LazyStoryViewer startUserId={openUserId} onClose={viewer.close} />}
    </section>
  );
}

const OWN = "own";

/**
 * The member's own tile, then one per member followed. The row is one Tab stop, as the feed's posts are:
 * the arrows, Home and End move along it.
 */
function StoryTiles({ groups, onOpen }: { groups: StoryGroup[]; onOpen: (userId: string) => void }) {
  const meId = getUserId();
  const own = groups.find((group) => group.user._id === meId);
  const others = groups.filter((group) => group !== own);
  const roving = useRovingFocus({
    keys: [OWN, ...others.map((group) => group.user._id)],
    orientation: "horizontal",
  });
  return (
    <ul className="flex gap-3 sm:gap-4" {...roving.listProps}>
      <li>
        <OwnTile group={own} onOpen={onOpen} focusProps={roving.itemProps(OWN)} />
      </li>
      {others.map((group) => (
        <li key={group.user._id}>
          <StoryTile
            user={group.user}
            ring={group.allViewed ? "seen" : "unseen"}
            label={storyLabel(group.user.username, group.allViewed)}
            caption={group.user.username}
            onClick={() => onOpen(group.user._id)}
            focusProps={roving.itemProps(group.user._id)}
          />
        </li>
      ))}
    </ul>
  );
}

/** The member's own tile: their stories when they have some, otherwise the picker, with the add badge. */
function OwnTile({
  group,
  onOpen,
  focusProps,
}: {
  group: StoryGroup | undefined;
  onOpen: (userId: string) => void;
  focusProps: { ref: Ref<HTMLButtonElement>; tabIndex: number };
}) {
  const me = useCurrentUserQuery(false).data;
  const { percent, upload } = useUploadStory();
  const input = useRef<HTMLInputElement>(null);
  const user: StoryAuthor = group?.user ?? {
    _id: me?._id ?? getUserId() ?? "",
    username: me?.username ?? getUsername() ?? "",
    fullName: me?.fullName ?? "",
    avatar: me?.avatar ?? "",
  };
  return (
    // Isolated, so the badge's z-index ranks it above the upload ring here alone, not over the page.
    <div className="relative isolate">
      {group ? (
        <StoryTile
          user={user}
          // The member's own stories are never marked viewed (spec §6): a live one keeps the bright ring.
          ring="unseen"
          label="Your story"
          caption="Your story"
          onClick={() => onOpen(group.user._id)}
          focusProps={focusProps}
        />
      ) : (
        <StoryTile
          user={user}
          ring="none"
          label="Add to your story"
          caption="Your story"
          onClick={() => input.current?.click()}
          focusProps={focusProps}
          // One story at a time, as the header's button: a second pick would be dropped.
          busy={percent !== null}
        >
          {/* Above the upload ring drawn after the tile: the ring's stroke would cross the plus. */}
          <span className="bg-brand absolute right-0 bottom-0 z-10 flex size-5 items-center justify-center rounded-full text-white ring-2 ring-white">
            <PlusIcon className="size-3.5 stroke-3" />
          </span>
        </StoryTile>
      )}
      {percent !== null && <UploadRing percent={percent} className="top-0 left-1 size-16" />}
      <StoryFileInput ref={input} onPick={(file) => void upload(file)} />
    </div>
  );
}

function StripSkeleton() {
  return (
    <div className={`${rowClass} overflow-hidden`}>
      <p role="status" className="sr-only">
        Loading stories...
      </p>
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <div key={index} aria-hidden="true" data-testid="story-skeleton" className={tileClass}>
          <div
            className={`${tileRingClass} animate-pulse rounded-full bg-zinc-200/80 motion-reduce:animate-none`}
          />
          <div className="h-2.5 w-12 animate-pulse rounded bg-zinc-200/80 motion-reduce:animate-none" />
        </div>
      ))}
    </div>
  );
}
