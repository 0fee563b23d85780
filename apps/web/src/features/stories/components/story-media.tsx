import { STORY_DEFAULT_DURATION_MS, type Story, videoPosterUrl } from "@flik/shared";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { responsiveImage } from "../../../lib/responsive-image";

interface StoryMediaProps {
  story: Story;
  /** A new value starts the video again (a replay of the same story). */
  play: number;
  /** The story's author and time, spoken for the picture or the video. */
  label: string;
  paused: boolean;
  muted: boolean;
  /** The media can be shown; how long the story lasts (spec §2: 5 s for an image, a video's own length). */
  onReady: (url: string, durationMs: number) => void;
  onEnded: () => void;
  onBuffering: (buffering: boolean) => void;
  /** The browser refused to play with sound without a tap on the page: it plays muted instead. */
  onMutedByBrowser: () => void;
}

function videoDuration(video: HTMLVideoElement): number {
  return Number.isFinite(video.duration) && video.duration > 0
    ? video.duration * 1000
    : STORY_DEFAULT_DURATION_MS;
}

/** The story's picture or video, filling the viewer's card. */
export function StoryMedia({
  story,
  play,
  label,
  paused,
  muted,
  onReady,
  onEnded,
  onBuffering,
  onMutedByBrowser,
}: StoryMediaProps) {
  const video = useRef<HTMLVideoElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const url = story.mediaUrl;
  // Media the browser cannot load (a removed file, a format it can't play) still has its turn, with
  // a word in place of a broken picture or a black frame, so the viewer never stops on it.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = failedUrl === url;
  const onFailed = useCallback(() => {
    setFailedUrl(url);
    // A video that waited for data before it failed (`waiting`, then `error`) never says `playing`:
    // its turn is a picture's 5 s, which no buffering holds.
    onBuffering(false);
    onReady(url, STORY_DEFAULT_DURATION_MS);
  }, [url, onReady, onBuffering]);

  // An element the browser had loaded (or given up on) before React listened to it, as a cached video
  // can while the lazy viewer's first render waits to be shown: its event was missed, so what it has is
  // read once it is on screen. Each new element once; the picture's element stays from story to story.
  const checked = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const element = video.current ?? image.current;
    if (!element || element === checked.current) return;
    checked.current = element;
    if (element instanceof HTMLVideoElement) {
      if (element.error) onFailed();
      else if (element.readyState >= HTMLMediaElement.HAVE_METADATA) onReady(url, videoDuration(element));
    } else if (element.complete) {
      if (element.naturalWidth > 0) onReady(url, STORY_DEFAULT_DURATION_MS);
      else onFailed();
    }
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a replay (play) plays the new element
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (paused) {
      element.pause();
      return;
    }
    const started = element.play();
    started?.catch((error: unknown) => {
      if (!(error instanceof DOMException)) return;
      // No source it can play (a removed file): Chromium may say so only here, with no error event.
      if (error.name === "NotSupportedError") return onFailed();
      // A browser that blocks sound until the page is tapped still plays it muted.
      if (error.name !== "NotAllowedError" || element.muted) return;
      element.muted = true;
      onMutedByBrowser();
      void element.play()?.catch(() => {});
    });
  }, [paused, play, url, onMutedByBrowser, onFailed]);

  if (failed) return <StoryUnavailable label={label} />;
  if (story.mediaType === "video") {
    return (
      <video
        poster={videoPosterUrl(url) ?? undefined}
        key={`${story._id}:${play}`}
        ref={video}
        src={url}
        aria-label={label}
        playsInline
        preload="auto"
        muted={muted}
        onLoadedMetadata={(event) => onReady(url, videoDuration(event.currentTarget))}
        onError={onFailed}
        onEnded={onEnded}
        onWaiting={() => onBuffering(true)}
        onPlaying={() => onBuffering(false)}
        className="size-full object-contain"
      />
    );
  }
  // One element for every picture: the one before stays until the next has loaded, never a blank frame.
  return (
    <img
      ref={image}
      {...responsiveImage(url, "story")}
      alt={label}
      decoding="async"
      draggable={false}
      onLoad={() => onReady(url, STORY_DEFAULT_DURATION_MS)}
      onError={onFailed}
      className="size-full object-contain select-none"
    />
  );
}

/** In place of a story whose media cannot be loaded: who posted it and when stay said to screen readers. */
function StoryUnavailable({ label }: { label: string }) {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-1 bg-zinc-900 px-8 text-center">
      <span className="sr-only">{label}. </span>
      <p className="text-sm font-semibold text-white">This story can't be shown</p>
      <p className="text-sm text-zinc-300">It may have been removed.</p>
    </div>
  );
}

/** Loads the next story's media ahead, so advancing to it shows it at once. */
export function StoryPreload({ story }: { story: Story | undefined }) {
  const url = story?.mediaType === "image" ? story.mediaUrl : null;
  useEffect(() => {
    if (!url) return;
    const image = new Image();
    image.decoding = "async";
    image.src = url;
  }, [url]);
  if (story?.mediaType !== "video") return null;
  return <video src={story.mediaUrl} preload="auto" muted hidden data-preload="" />;
}
