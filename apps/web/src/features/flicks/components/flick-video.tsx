import { videoPosterUrl } from "@flik/shared";
import { useEffect, useRef, useState } from "react";
import { AlertIcon } from "../../../components/icons";
import { Spinner } from "../../../components/spinner";
import { useMediaFailed } from "../../../components/unloadable-media";

interface FlickVideoProps {
  src: string;
  label: string;
  /** In view and not paused by the member: play, else pause (spec §4). */
  playing: boolean;
  muted: boolean;
  /** "auto" for the flick on screen and the next one, so scrolling on starts at once. */
  preload: "auto" | "metadata";
  /** The browser refused to play with sound (no tap on the page yet): the caller mutes everything. */
  onSoundBlocked: () => void;
  /**
   * "screen" (the flicks screen): fills a phone, whole within the column on wider screens; "frame" (a
   * feed card): fills its frame, which already has the video's shape within the feed's bounds.
   */
  fit?: "screen" | "frame";
}

const fitClass = { screen: "object-cover sm:object-contain", frame: "object-cover" };

/** The flick's video: muted at first, inline, looping, no controls (taps and the action column are). */
export function FlickVideo(props: FlickVideoProps) {
  const { src, label, playing, muted, preload, onSoundBlocked, fit = "screen" } = props;
  const ref = useRef<HTMLVideoElement>(null);
  const [buffering, setBuffering] = useState(false);
  // A video that failed offline loads again when the connection comes back, as pictures do.
  const [failed, onFailed] = useMediaFailed(src);
  const onSoundBlockedRef = useRef(onSoundBlocked);
  useEffect(() => {
    onSoundBlockedRef.current = onSoundBlocked;
  });

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    // React sets `muted` only as the first attribute; the property is what the element obeys.
    video.muted = muted;
    if (!playing) {
      video.pause();
      return;
    }
    const attempt = video.play() as Promise<void> | undefined;
    attempt?.catch((error: unknown) => {
      if (error instanceof DOMException && error.name === "NotAllowedError" && !video.muted) {
        onSoundBlockedRef.current();
      }
    });
  }, [playing, muted]);

  if (failed) {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-3 bg-zinc-950 px-8 text-center text-sm text-zinc-300">
        <AlertIcon className="size-8 text-zinc-400" />
        {navigator.onLine ? "This video can't be played." : "This video plays once you're back online."}
      </div>
    );
  }
  return (
    <>
      <video
        poster={videoPosterUrl(src) ?? undefined}
        ref={ref}
        src={src}
        aria-label={label}
        muted
        playsInline
        loop
        preload={preload}
        onWaiting={() => setBuffering(true)}
        onPlaying={() => setBuffering(false)}
        onCanPlay={() => setBuffering(false)}
        onError={onFailed}
        className={`size-full bg-black ${fitClass[fit]}`}
      />
      {buffering && playing && (
        <span className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <Spinner className="size-10 border-white/30 border-t-white" />
        </span>
      )}
    </>
  );
}
