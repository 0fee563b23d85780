import { type MediaType, videoPosterUrl } from "@flik/shared";
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
          className={className}
        />
      </span>
    );
  }
  const slot = playable ? "dialog" : "cover";
  return <img {...responsiveImage(src, slot)} alt={alt} decoding="async" className={className} />;
}
