import { createContext, type ReactNode, use, useCallback, useMemo, useRef, useState } from "react";
import { REDUCED_MOTION_QUERY, useMediaQuery } from "../../../lib/use-media-query";
import { useVisibleFlick } from "../../flicks/hooks/use-visible-flick";

/**
 * A feed video plays once this much of it is in view, as on Instagram; less than the flicks screen's
 * 0.7, because a feed card's video shares the screen with its author, actions and caption.
 */
export const FEED_VIDEO_AUTOPLAY_VISIBILITY = 0.6;

export interface FeedPlayback {
  /** Whether the video of this post is the one that plays now. */
  isPlaying: (postId: string) => boolean;
  /** Whether its viewer paused this post's video (or, asking for less motion, has not started it). */
  isPaused: (postId: string) => boolean;
  /** Pauses or plays this post's video. */
  togglePause: (postId: string) => void;
  /** The ref callback of a video's frame (which carries `data-flick-id`), to watch how much is in view. */
  register: (element: HTMLElement | null) => (() => void) | undefined;
  /** One switch for the whole feed: once unmuted, the next video plays with sound too. */
  muted: boolean;
  toggleMute: () => void;
  /** The browser refused sound before any tap on the page: back to muted. */
  muteSound: () => void;
}

const nothingPlays: FeedPlayback = {
  isPlaying: () => false,
  isPaused: () => false,
  togglePause: () => {},
  register: () => undefined,
  muted: true,
  toggleMute: () => {},
  muteSound: () => {},
};

const FeedPlaybackContext = createContext<FeedPlayback>(nothingPlays);

/** Which feed video plays, and the feed's sound: the flicks screen's rules, in a page that scrolls. */
export function FeedPlaybackProvider({ children }: { children: ReactNode }) {
  // No element: the viewport is what the videos scroll through.
  const viewport = useRef<HTMLElement>(null);
  const { currentId, inView, register } = useVisibleFlick(viewport, FEED_VIDEO_AUTOPLAY_VISIBILITY);
  const [muted, setMuted] = useState(true);
  const toggleMute = useCallback(() => setMuted((value) => !value), []);
  const muteSound = useCallback(() => setMuted(true), []);
  // The viewer's last choice for one video; any other plays in view, unless they asked for less motion.
  const reduceMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [choice, setChoice] = useState<{ postId: string; play: boolean } | null>(null);
  const value = useMemo<FeedPlayback>(() => {
    const wantsPlay = (id: string) => (choice?.postId === id ? choice.play : !reduceMotion);
    return {
      isPlaying: (id) => inView && id === currentId && wantsPlay(id),
      isPaused: (id) => !wantsPlay(id),
      togglePause: (id) => setChoice({ postId: id, play: !wantsPlay(id) }),
      register,
      muted,
      toggleMute,
      muteSound,
    };
  }, [currentId, inView, register, muted, toggleMute, muteSound, choice, reduceMotion]);
  return <FeedPlaybackContext value={value}>{children}</FeedPlaybackContext>;
}

export const useFeedPlayback = () => use(FeedPlaybackContext);
