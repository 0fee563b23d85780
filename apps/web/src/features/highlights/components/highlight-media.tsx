import { type MediaType, videoPosterUrl } from "@flik/shared";
import { UnloadableMedia, useMediaFailed } from "../../../components/unloadable-media";
import { responsiveImage } from "../../../lib/responsive-image";

interface HighlightMediaProps {
  src: string;
  type: MediaType;
  alt: string;
  className?: string;
  /** Full playback with controls (the viewer), or a still-looking muted thumbnail. */
  playable?: boolean;
  /** Told when the media will not load (a form's preview of a picked file refuses it). */
  onUnloadable?: () => void;
}

export function HighlightMedia({
  src,
  type,
  alt,
  className = "",
  playable = false,
  onUnloadable,
}: HighlightMediaProps) {
  const [failed, markFailed] = useMediaFailed(src);
  const onError = () => {
    markFailed();
    onUnloadable?.();
  };
  if (failed && playable) return <HighlightUnavailable />;
  if (failed) return <UnloadableMedia type={type} className={className} />;
  if (type === "video") {
    return playable ? (
      <video
        poster={videoPosterUrl(src) ?? undefined}
        src={src}
        aria-label={alt}
        autoPlay
        muted
        loop
        playsInline
        controls
        onError={onError}
        className={`bg-zinc-950 ${className}`}
      />
    ) : (
      <span aria-hidden="true" className="contents">
        <video
          poster={videoPosterUrl(src) ?? undefined}
          src={src}
          muted
          playsInline
          preload="metadata"
          onError={onError}
          className={className}
        />
      </span>
    );
  }
  const slot = playable ? "dialog" : "cover";
  return (
    <img {...responsiveImage(src, slot)} alt={alt} decoding="async" onError={onError} className={className} />
  );
}

/**
 * In the viewer, in place of media that cannot be loaded: a frame of a portrait photo's proportions
 * (its own are not known), saying why. The dialog's title already names the highlight.
 */
function HighlightUnavailable() {
  return (
    <div className="flex aspect-[4/5] w-full flex-col items-center justify-center gap-1 px-8 text-center">
      <p className="text-sm font-semibold text-white">This highlight can't be shown</p>
      <p className="text-sm text-zinc-300">It may have been removed.</p>
    </div>
  );
}
