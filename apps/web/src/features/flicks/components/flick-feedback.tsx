import { VolumeIcon, VolumeOffIcon } from "../../../components/icons";

/** The round mark in the middle of a playing video. */
// On a short window (a phone held sideways, a page zoomed to 200 %) the flick is small and its author's
// line reaches its middle: the bubble sits higher and smaller there, clear of it.
export const bubble =
  "pointer-events-none absolute top-1/2 left-1/2 flex size-20 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-white backdrop-blur-sm motion-safe:animate-fade-in [@media(max-height:30rem)]:top-1/3 [@media(max-height:30rem)]:size-14";

/**
 * What a tap did to the sound, for about FLICK_MUTE_INDICATOR_MS (spec §4). The feed's videos show it
 * too; what only the flicks screen shows is in flick-item-feedback.tsx, off the feed's first load.
 */
export function MuteIndicator({ muted }: { muted: boolean }) {
  const Icon = muted ? VolumeOffIcon : VolumeIcon;
  return (
    <span role="status" className={bubble}>
      <Icon className="size-9" />
      <span className="sr-only">{muted ? "Sound off" : "Sound on"}</span>
    </span>
  );
}
