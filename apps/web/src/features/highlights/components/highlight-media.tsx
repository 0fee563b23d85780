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
}

export function HighlightMedia({ src, type, alt, className = "", playable = false }: HighlightMediaProps) {
  const [failed, onError] = useMediaFailed(src);
  if (failed) return <UnloadableMedia type={type} label={playable ? alt : undefined} className={className} />;
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
