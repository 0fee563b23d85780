import { type Notification, videoPosterUrl } from "@flik/shared";
import { PlayIcon } from "../../../components/icons";
import { UnloadableMedia, useMediaFailed } from "../../../components/unloadable-media";
import { responsiveImage } from "../../../lib/responsive-image";
import { notificationThumbnail } from "../notification-view";

/** A small square of the post's media: the picture, or the video's first frame with a play mark. */
export function NotificationThumbnail({ notification }: { notification: Notification }) {
  const media = notificationThumbnail(notification);
  const [failed, onError] = useMediaFailed(media?.src ?? "");
  if (!media) return null;

  return (
    <span className="relative size-11 shrink-0 overflow-hidden rounded-lg bg-zinc-100 ring-1 ring-zinc-900/5 sm:size-12">
      {failed ? (
        <UnloadableMedia type={media.type} className="size-full" />
      ) : media.type === "video" ? (
        <>
          {/* Only the metadata (and so the first frame) loads; the list never plays anything. */}
          <video
            poster={videoPosterUrl(media.src) ?? undefined}
            src={media.src}
            preload="metadata"
            muted
            playsInline
            aria-hidden="true"
            tabIndex={-1}
            onError={onError}
            className="size-full object-cover"
          />
          <span className="absolute inset-0 flex items-center justify-center bg-zinc-950/20 text-white">
            <PlayIcon className="size-4 drop-shadow" />
          </span>
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
