import { type Notification, videoPosterUrl } from "@flik/shared";
import { PlayIcon } from "../../../components/icons";
import { UnloadableMedia, useMediaFailed } from "../../../components/unloadable-media";
import { responsiveImage } from "../../../lib/responsive-image";
import { useRetriedSource } from "../hooks/use-retried-source";
import { notificationThumbnail } from "../notification-view";
import { notificationLayout as layout } from "./notification-layout";

/**
 * A small square of the post's media: the picture, or the video's poster (else its first frame) with a
 * play mark. A video still being processed has no poster yet: it is asked for again a few times.
 */
export function NotificationThumbnail({ notification }: { notification: Notification }) {
  const media = notificationThumbnail(notification);
  const [failed, onError] = useMediaFailed(media?.src ?? "");
  const poster = media?.type === "video" ? videoPosterUrl(media.src) : null;
  const posterImage = useRetriedSource(poster);
  if (!media) return null;

  const playMark = (
    <span className="absolute inset-0 flex items-center justify-center bg-zinc-950/20 text-white">
      <PlayIcon className="size-4 drop-shadow" />
    </span>
  );
  return (
    <span className={`relative ${layout.thumbnail} overflow-hidden bg-zinc-100 ring-1 ring-zinc-900/5`}>
      {failed ? (
        <UnloadableMedia type={media.type} className="size-full" />
      ) : poster && !posterImage.gaveUp ? (
        // The poster alone: the list never plays anything, so it needs none of the video.
        posterImage.src ? (
          <>
            <img
              src={posterImage.src}
              alt=""
              loading="lazy"
              decoding="async"
              onError={posterImage.onError}
              className="size-full object-cover"
            />
            {playMark}
          </>
        ) : (
          // Between attempts: the tile a video's thumbnail shows, never an empty grey square.
          <UnloadableMedia type="video" className="size-full" />
        )
      ) : media.type === "video" ? (
        <>
          {/* Only the metadata (and so the first frame) loads; the list never plays anything. */}
          <video
            src={media.src}
            preload="metadata"
            muted
            playsInline
            aria-hidden="true"
            tabIndex={-1}
            onError={onError}
            className="size-full object-cover"
          />
          {playMark}
        </>
      ) : (
        <img
          {...responsiveImage(media.src, "thumbnail")}
          alt=""
          loading="lazy"
          decoding="async"
          onError={onError}
          className="size-full object-cover"
        />
      )}
    </span>
  );
}
