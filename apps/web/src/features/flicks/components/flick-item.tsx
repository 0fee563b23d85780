import { FLICK_LIKE_HEART_MS, FLICK_MUTE_INDICATOR_MS, FLICK_TOAST_MS, type Flick } from "@flik/shared";
import { useState } from "react";
import { toast } from "../../../lib/toast";
import { BlockDialog } from "../../blocks/components/block-dialog";
import { useFlickView } from "../cache/flick-view";
import { useFlash } from "../hooks/use-flash";
import { useLikeFlick } from "../hooks/use-like-flick";
import { useShareFlick } from "../hooks/use-share-flick";
import { useTapGesture } from "../hooks/use-tap-gesture";
import { FlickActions } from "./flick-actions";
import { MuteIndicator } from "./flick-feedback";
import { FlickInfo } from "./flick-info";
import { LikeHeart, PausedIndicator } from "./flick-item-feedback";
import { FlickVideo } from "./flick-video";

export interface FlickItemProps {
  flick: Flick;
  /** Near the one on screen: its video is mounted; farther ones are an empty frame of the same size. */
  nearby: boolean;
  preload: "auto" | "metadata";
  playing: boolean;
  paused: boolean;
  muted: boolean;
  onToggleMute: () => void;
  /** Plays a paused flick (a tap on it, or its Play button). */
  onTogglePause: () => void;
  onSoundBlocked: () => void;
  onOpenComments: (flick: Flick) => void;
  onDelete: (flick: Flick) => void;
}

/** One flick, full height: the video, what a tap does to it, who posted it and the action column. */
export function FlickItem(props: FlickItemProps) {
  const { flick, nearby, muted, onToggleMute } = props;
  const view = useFlickView(flick);
  const like = useLikeFlick();
  const share = useShareFlick();
  const [muteShown, flashMute] = useFlash<boolean>(FLICK_MUTE_INDICATOR_MS);
  const [heart, flashHeart] = useFlash<number>(FLICK_LIKE_HEART_MS);
  // A block takes the author's flicks out of the feed, and this one (and its dialog) with them.
  const [blocking, setBlocking] = useState(false);
  const onTap = useTapGesture({
    onSingleTap: () => {
      onToggleMute();
      flashMute(!muted);
    },
    // Spec §4: a double tap only ever likes; on a liked flick it shows the heart and changes nothing.
    onDoubleTap: () => {
      like(flick, true);
      flashHeart(Date.now());
    },
  });

  return (
    <article
      aria-label={`Flick by @${flick.uploadedBy.username}`}
      // Focused when the keys move to it, so the focus follows the flick on screen. Where the flick fills
      // the screen its ring is a layer over the video (an outline inside the edge would be painted under
      // it), ending above the tabs (4rem and their border); where the frame stands alone, an outline
      // outside it. outline-none sets Tailwind's outline
      // style to none, which outline-3 would draw with: the outline names its style (solid) itself.
      tabIndex={-1}
      className="relative mx-auto h-full w-full outline-none sm:aspect-[9/16] sm:w-auto sm:max-w-full focus-visible:after:pointer-events-none focus-visible:after:absolute focus-visible:after:inset-x-0 focus-visible:after:top-0 focus-visible:after:bottom-[calc(4rem+1px+env(safe-area-inset-bottom))] focus-visible:after:z-30 focus-visible:after:border-3 focus-visible:after:border-fuchsia-400 lg:rounded-2xl lg:focus-visible:outline-3 lg:focus-visible:outline-solid lg:focus-visible:outline-offset-2 lg:focus-visible:outline-fuchsia-400 lg:focus-visible:after:hidden"
    >
      <div className="absolute inset-0 overflow-hidden bg-zinc-950 lg:rounded-2xl">
        {nearby ? (
          <FlickVideo
            src={flick.videoUrl}
            label={flick.description.trim() || `Flick by @${flick.uploadedBy.username}`}
            playing={props.playing}
            muted={muted}
            preload={props.preload}
            onSoundBlocked={props.onSoundBlocked}
          />
        ) : (
          <div data-testid="flick-placeholder" className="size-full" />
        )}
        {/* Taps are a touch and mouse shortcut; the sound button, Space and the Like button are the keyboard's. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: see above */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above */}
        <div data-testid="flick-tap-area" onClick={onTap} className="absolute inset-0 touch-manipulation" />
        {props.paused && (
          <button
            type="button"
            aria-label="Play"
            onClick={props.onTogglePause}
            className="absolute inset-0 touch-manipulation focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-fuchsia-500"
          >
            <PausedIndicator />
          </button>
        )}
        {muteShown !== null && <MuteIndicator muted={muteShown} />}
        {heart !== null && <LikeHeart key={heart} />}

        <div className="pointer-events-none absolute inset-x-0 bottom-0 h-1/2 bg-gradient-to-t from-black/85 via-black/35 to-transparent" />
        <div className="pointer-events-none absolute inset-x-0 bottom-0 pr-20 pb-[calc(5.75rem+env(safe-area-inset-bottom))] pl-4 lg:pr-4 lg:pb-5">
          <FlickInfo flick={flick} />
        </div>
      </div>
      {/* Over the video's right edge on phones; beside the video on wide screens, like the big apps. */}
      <div className="absolute right-1.5 bottom-[calc(5rem+env(safe-area-inset-bottom))] lg:right-auto lg:bottom-0 lg:left-full lg:ml-3">
        <FlickActions
          flick={view}
          onLike={() => like(flick, !view.isLiked)}
          onComments={() => props.onOpenComments(flick)}
          onShare={() => void share(flick)}
          onDelete={() => props.onDelete(flick)}
          onReport={() => toast.info("Reported!", { autoClose: FLICK_TOAST_MS })}
          onBlock={() => setBlocking(true)}
        />
      </div>
      {blocking && <BlockDialog member={flick.uploadedBy} onClose={() => setBlocking(false)} />}
    </article>
  );
}
