import { TOAST_AUTO_CLOSE_MS } from "@flik/shared";
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../components/avatar";
import { Dialog } from "../../../components/dialog";
import { PauseIcon, PlayIcon, VolumeIcon, VolumeOffIcon } from "../../../components/icons";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from "../../../components/later-icons";
import { profilePath } from "../../../lib/paths";
import { getUserId } from "../../../lib/storage";
import { fullDateTime, timeAgo } from "../../../lib/time-ago";
import { toast } from "../../../lib/toast";
import { usePageVisible } from "../../../lib/use-page-visible";
import { useMemberStories, useStoriesQuery } from "../api/stories.queries";
import { sayStoriesGone, useMarkStoryViewed } from "../hooks/use-mark-story-viewed";
import { useStoryClock } from "../hooks/use-story-clock";
import { type StoryCursor, useStoryCursor } from "../hooks/use-story-cursor";
import { STORY_SHARED_TOAST } from "../hooks/use-upload-story";
import { StoryMedia, StoryPreload } from "./story-media";
import { StoryOwnerActions } from "./story-owner-actions";
import { StoryProgress } from "./story-progress";

/** A press longer than this is a hold (it paused the story), not a tap: letting go does not step on. */
const HOLD_MS = 250;

/** Where Space does a thing of its own: pressing a button, typing a space, ticking a box. */
const SPACE_TAKERS =
  "button, input, textarea, select, summary, [contenteditable=''], [contenteditable='true'], [role='button'], [role='checkbox'], [role='switch'], [role='radio'], [role='tab'], [role='option'], [role^='menuitem']";

function takesSpace(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(SPACE_TAKERS) !== null;
}

export interface StoryViewerProps {
  /** Whose stories play first. */
  startUserId: string;
  /** Only this member's stories (their profile's ring), in the strip or not; all of the strip's otherwise. */
  only?: { _id: string; username: string };
  onClose: () => void;
}

/**
 * Spec §2's stories viewer: full screen on phones, a 9:16 card on a dark stage on larger screens. It
 * plays the strip's stories in order, from member to member, and closes when none is left.
 */
export function StoryViewer({ startUserId, only, onClose }: StoryViewerProps) {
  const tray = useStoriesQuery().data;
  const members = useMemberStories(only ?? null);
  const groups = useMemo(() => (only ? (members ? [members] : []) : (tray ?? [])), [only, members, tray]);
  const cursor = useStoryCursor(groups, startUserId);
  const pauseRef = useRef<HTMLButtonElement>(null);
  useCloseWhenEmpty(cursor, onClose);
  // "Your story is shared" has been read by the time the member opens it, and would hide the header.
  useEffect(() => {
    toast.dismiss(STORY_SHARED_TOAST);
  }, []);

  return (
    <Dialog
      title="Stories"
      hideTitle
      placement="stage"
      onClose={onClose}
      bodyClassName="relative"
      // Never narrower than 24rem (or the screen): a 9:16 card on a short screen (a phone on its side) would
      // leave its author's name no room; the story shows whole inside, with dark bands beside it.
      panelClassName="sm:h-[min(92dvh,900px)] sm:w-auto sm:min-w-[min(100%,24rem)] sm:aspect-[9/16]"
      initialFocus={pauseRef}
    >
      {cursor && <StoryStage cursor={cursor} onClose={onClose} pauseRef={pauseRef} />}
    </Dialog>
  );
}

/**
 * Closes the viewer once nothing is left to show, saying so when it was someone else's: her stories can
 * leave the cache with no answer that would say it (she went private: a live event drops them), and a
 * viewer vanishing unexplained looks like a fault. Shared with the view's 404 toast, so said once. The
 * member's own last story, deleted, has its own "Story deleted".
 */
function useCloseWhenEmpty(cursor: StoryCursor | null, onClose: () => void): void {
  const author = cursor?.group.user._id ?? null;
  const lastAuthor = useRef<string | null>(null);
  useEffect(() => {
    if (author !== null) lastAuthor.current = author;
  }, [author]);
  const empty = cursor === null;
  useEffect(() => {
    if (!empty) return;
    const gone = lastAuthor.current;
    if (gone !== null && gone !== getUserId()) sayStoriesGone(gone);
    onClose();
  }, [empty, onClose]);
}

const chromeButton =
  "flex size-10 shrink-0 items-center justify-center rounded-full text-white transition hover:bg-white/15";
// On a phone, a tap on either half of the story moves: the buttons show only to a keyboard's focus,
// where they stand (out of sight, they take no tap).
const sideButton =
  "absolute top-1/2 z-10 flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-zinc-900 shadow-md transition hover:bg-white max-sm:pointer-events-none max-sm:opacity-0 max-sm:focus-visible:pointer-events-auto max-sm:focus-visible:opacity-100";

interface StoryStageProps {
  cursor: StoryCursor;
  onClose: () => void;
  /** The Pause button, focused when the viewer opens: the first of the story's controls. */
  pauseRef: RefObject<HTMLButtonElement | null>;
}

function StoryStage({ cursor, onClose, pauseRef }: StoryStageProps) {
  const { group, story, storyIndex, play, upcoming, next, previous } = cursor;
  const author = group.user;
  const isOwn = author._id === getUserId();

  const [held, setHeld] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const [overlay, setOverlay] = useState(false);
  const [buffering, setBuffering] = useState(false);
  const [muted, setMuted] = useState(false);
  const [ready, setReady] = useState<{ url: string; durationMs: number } | null>(null);
  // What the viewer says once, to a screen reader, as a toast would (a deleted story). Each time is a
  // new node, so the same words said twice in a row are announced twice.
  const [notice, setNotice] = useState({ text: "", count: 0 });
  const say = useCallback((text: string) => setNotice((last) => ({ text, count: last.count + 1 })), []);
  useEffect(() => {
    if (!notice.text) return;
    const clear = setTimeout(() => setNotice((last) => ({ ...last, text: "" })), TOAST_AUTO_CLOSE_MS.default);
    return () => clearTimeout(clear);
  }, [notice]);
  const visible = usePageVisible();
  // A buffering video holds the clock but must not be paused: it would never start playing again.
  const mediaPaused = held || userPaused || overlay || !visible;
  const paused = mediaPaused || buffering;

  const durationMs = ready?.url === story.mediaUrl ? ready.durationMs : null;
  const elapsed = useStoryClock({ playId: play, durationMs, paused, onDone: next });
  useMarkStoryViewed(story);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each story starts unbuffered
  useEffect(() => setBuffering(false), [play]);

  const onReady = useCallback((url: string, ms: number) => setReady({ url, durationMs: ms }), []);
  const onMutedByBrowser = useCallback(() => setMuted(true), []);

  // Spec §2: the arrow keys move between stories (Escape is the dialog's), and Space pauses or plays
  // wherever the focus is (a tap on the story leaves it on the card), except on a control Space presses
  // itself. Not while a menu or a dialog is over the story: its own keys are its own. A layout effect,
  // like the dialog's focus: the keys work from the commit that shows the story, so an arrow pressed at
  // once is not lost (a lazy viewer's first commit may leave passive effects for later).
  useLayoutEffect(() => {
    if (overlay) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key === "ArrowRight") next();
      else if (event.key === "ArrowLeft") previous();
      else if (event.key === " " && !takesSpace(event.target)) {
        // Held down, it repeats: one press, one toggle.
        if (!event.repeat) setUserPaused((value) => !value);
      } else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [overlay, next, previous]);

  // Press and hold pauses (spec §2); a tap on the left or right third steps back or on.
  const pressedAt = useRef<number | null>(null);
  const wasHold = useRef(false);
  const release = () => {
    if (pressedAt.current === null) return;
    wasHold.current = Date.now() - pressedAt.current >= HOLD_MS;
    pressedAt.current = null;
    setHeld(false);
  };
  const tap = (step: () => void) => () => {
    if (wasHold.current) {
      wasHold.current = false;
      return;
    }
    step();
  };

  const time = timeAgo(story.createdAt);
  const label = `Story by @${author.username}, ${time}`;
  const fraction = durationMs ? Math.min(1, elapsed / durationMs) : 0;

  return (
    <div className="absolute inset-0 overflow-hidden bg-black select-none [-webkit-touch-callout:none]">
      <div className="absolute inset-0 flex items-center justify-center">
        <StoryMedia
          story={story}
          play={play}
          label={label}
          paused={mediaPaused}
          muted={muted}
          onReady={onReady}
          onEnded={next}
          onBuffering={setBuffering}
          onMutedByBrowser={onMutedByBrowser}
        />
      </div>

      {/* Pointer and touch shortcuts; the keyboard has the arrows and the Previous and Next buttons. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 flex touch-manipulation"
        onPointerDown={(event) => {
          if (event.button > 0) return;
          pressedAt.current = Date.now();
          wasHold.current = false;
          setHeld(true);
        }}
        onPointerUp={release}
        onPointerCancel={release}
        onPointerLeave={release}
        onContextMenu={(event) => event.preventDefault()}
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut, see above */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above */}
        <div data-testid="story-tap-back" className="h-full w-1/3" onClick={tap(previous)} />
        <div className="h-full w-1/3" />
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut, see above */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above */}
        <div data-testid="story-tap-next" className="h-full w-1/3" onClick={tap(next)} />
      </div>

      <div className="pointer-events-none @container absolute inset-x-0 top-0 bg-linear-to-b from-black/70 via-black/35 to-transparent px-3 pt-3 pb-12">
        <StoryProgress stories={group.stories} current={storyIndex} fraction={fraction} />
        <div className="pointer-events-auto mt-3 flex items-center gap-2">
          {/* The viewer sits on a history entry of its own (useModalHistory): going to the profile
              leaves it behind, as Back would; closing it here too would race the navigation. */}
          {/* The name may be cut short, never below a few letters; the picture never is (the time goes
              first, on a narrow card). */}
          <Link
            to={profilePath(author.username)}
            className="flex min-w-20 items-center gap-2 rounded-full pr-2"
          >
            <Avatar src={author.avatar} name={author.username} className="size-8 shrink-0 text-xs ring-0" />
            <span className="truncate text-sm font-semibold text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.5)]">
              {author.username}
            </span>
          </Link>
          <time
            dateTime={story.createdAt}
            title={fullDateTime(story.createdAt)}
            className="shrink-0 text-sm text-white/85 [text-shadow:0_1px_2px_rgb(0_0_0/0.5)] @max-[18rem]:hidden"
          >
            {time}
          </time>
          <div className="ml-auto flex items-center">
            {story.mediaType === "video" && (
              <button
                type="button"
                aria-label={muted ? "Unmute" : "Mute"}
                onClick={() => setMuted((value) => !value)}
                className={chromeButton}
              >
                {muted ? <VolumeOffIcon className="size-5" /> : <VolumeIcon className="size-5" />}
              </button>
            )}
            <button
              ref={pauseRef}
              type="button"
              aria-label={userPaused ? "Play" : "Pause"}
              onClick={() => setUserPaused((value) => !value)}
              className={chromeButton}
            >
              {userPaused ? <PlayIcon className="size-5" /> : <PauseIcon className="size-5" />}
            </button>
            <button type="button" aria-label="Close" onClick={onClose} className={chromeButton}>
              <CloseIcon className="size-6" />
            </button>
          </div>
        </div>
      </div>

      <button type="button" aria-label="Previous story" onClick={previous} className={`${sideButton} left-2`}>
        <ChevronLeftIcon className="size-5" />
      </button>
      <button type="button" aria-label="Next story" onClick={next} className={`${sideButton} right-2`}>
        <ChevronRightIcon className="size-5" />
      </button>

      {isOwn && (
        <div className="absolute inset-x-0 bottom-0 bg-linear-to-t from-black/60 to-transparent px-3 pt-12 pb-3">
          <StoryOwnerActions
            story={story}
            last={group.stories.length <= 1}
            onOverlayChange={setOverlay}
            // After the member's last story they are done: no one else's starts playing by itself.
            // Otherwise the next story shows, and is told of here: a toast would cover the header.
            onDeleted={(wasLast) => {
              if (wasLast) {
                onClose();
                return false;
              }
              say("Story deleted");
              return true;
            }}
          />
        </div>
      )}

      <p role="status" className="sr-only">
        <span key={notice.count}>{notice.text}</span>
      </p>
      {/* Each story is announced as it comes: who posted it, when, and where it is among theirs. */}
      <p aria-live="polite" className="sr-only">
        {`Story ${storyIndex + 1} of ${group.stories.length} by @${author.username}, ${time}`}
      </p>
      {upcoming && upcoming._id !== story._id && <StoryPreload story={upcoming} />}
    </div>
  );
}
