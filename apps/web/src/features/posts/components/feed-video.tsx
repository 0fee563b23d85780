import { FLICK_MUTE_INDICATOR_MS, type Post } from "@flik/shared";
import { PauseIcon, PlayIcon, VolumeIcon, VolumeOffIcon } from "../../../components/icons";
import { MuteIndicator } from "../../flicks/components/flick-feedback";
import { FlickVideo } from "../../flicks/components/flick-video";
import { useFlash } from "../../flicks/hooks/use-flash";
import { useFeedPlayback } from "./feed-playback";
import { mediaAlt } from "./post-media";

/**
 * The built-in host keeps a poster of each video (issue 20); another host may not: starting the video a
 * tenth of a second in makes the browser show that frame once it has it, where the first frame is often
 * black.
 */
export const posterFrameSrc = (url: string) => (url.includes("#") ? url : `${url}#t=0.1`);

/**
 * A video post in the feed, as the flicks screen plays it: muted, inline and looping, playing while
 * mostly in view and paused otherwise, no browser controls; a tap (or the sound button) turns the
 * feed's sound on or off, and its own button pauses it (asking for less motion, it waits to be started).
 */
export function FeedVideo({ post }: { post: Post }) {
  const { isPlaying, isPaused, togglePause, register, muted, toggleMute, muteSound } = useFeedPlayback();
  const paused = isPaused(post._id);
  const PauseOrPlayIcon = paused ? PlayIcon : PauseIcon;
  const [muteShown, flashMute] = useFlash<boolean>(FLICK_MUTE_INDICATOR_MS);
  const SoundIcon = muted ? VolumeOffIcon : VolumeIcon;

  return (
    <div ref={register} data-flick-id={post._id} className="relative size-full bg-zinc-950">
      <FlickVideo
        src={posterFrameSrc(post.image)}
        label={mediaAlt(post)}
        playing={isPlaying(post._id)}
        muted={muted}
        preload="metadata"
        fit="frame"
        onSoundBlocked={muteSound}
      />
      {/* The whole frame is the sound switch, as on Instagram; its badge shows the state. */}
      <button
        type="button"
        aria-label={muted ? "Unmute" : "Mute"}
        onClick={() => {
          toggleMute();
          flashMute(!muted);
        }}
        className="absolute inset-0 flex items-end justify-end p-3 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-fuchsia-500"
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-black/60 text-white backdrop-blur-sm">
          <SoundIcon className="size-4" />
        </span>
      </button>
      {/* Over the sound switch: a looping video can be stopped (WCAG 2.2.2), by mouse or keyboard. */}
      <button
        type="button"
        aria-label={paused ? "Play" : "Pause"}
        onClick={() => togglePause(post._id)}
        className="absolute bottom-3 left-3 flex size-8 items-center justify-center rounded-full bg-black/60 text-white backdrop-blur-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-500"
      >
        <PauseOrPlayIcon className="size-4" />
      </button>
      {muteShown !== null && <MuteIndicator muted={muteShown} />}
    </div>
  );
}
