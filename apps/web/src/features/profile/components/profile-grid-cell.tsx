import { isFlikUrl, type Post, videoPosterUrl } from "@flik/shared";
import { CommentIcon, FlicksIcon, HeartIcon } from "../../../components/icons";
import { UnloadableMedia, useMediaFailed } from "../../../components/unloadable-media";
import { placeholderProps } from "../../../lib/placeholder";
import { responsiveImage } from "../../../lib/responsive-image";
import { usePostView } from "../../posts/cache/post-shadow";
import { formatCount } from "../../posts/components/post-actions";
import { mediaAlt } from "../../posts/components/post-media";

/** One square of the grid: the photo or the muted looping video, with its like and comment counts. */
export function ProfileGridCell({ post, onOpen }: { post: Post; onOpen: () => void }) {
  const view = usePostView(post);
  const isVideo = view.mediaType === "video" || isFlikUrl(view.image);
  const [failed, onError] = useMediaFailed(view.image);
  const likes = `${view.likesCount} ${view.likesCount === 1 ? "like" : "likes"}`;
  const comments = `${view.commentsCount} ${view.commentsCount === 1 ? "comment" : "comments"}`;

  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      aria-label={`${mediaAlt(view)}, ${likes}, ${comments}`}
      className="group relative block aspect-square w-full overflow-hidden bg-zinc-200 focus-visible:z-10 focus-visible:outline-offset-0"
    >
      {failed ? (
        <UnloadableMedia type={isVideo ? "video" : "image"} className="size-full" />
      ) : isVideo ? (
        <span aria-hidden="true" className="contents">
          <video
            poster={videoPosterUrl(view.image) ?? undefined}
            src={view.image}
            autoPlay
            muted
            loop
            playsInline
            preload="metadata"
            onError={onError}
            className="size-full object-cover"
          />
        </span>
      ) : (
        <img
          {...responsiveImage(view.image, "profileGrid", view.width)}
          alt=""
          {...placeholderProps(view.placeholder)}
          loading="lazy"
          decoding="async"
          onError={onError}
          className="size-full bg-cover bg-center object-cover"
        />
      )}
      {isVideo && (
        <span className="absolute top-2 right-2 text-white drop-shadow-[0_1px_2px_rgb(0_0_0/0.6)]">
          <FlicksIcon className="size-5" />
        </span>
      )}
      {/* Hover reveals the counts where there is a mouse; on touch screens they always show. */}
      <span
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 flex items-center gap-3 bg-linear-to-t from-zinc-950/70 to-transparent px-2 pt-6 pb-1.5 text-xs font-semibold text-white transition pointer-fine:inset-0 pointer-fine:justify-center pointer-fine:gap-6 pointer-fine:bg-none pointer-fine:bg-zinc-950/45 pointer-fine:p-0 pointer-fine:text-base pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:group-focus-visible:opacity-100"
      >
        <span className="flex items-center gap-1">
          <HeartIcon filled className="size-4 pointer-fine:size-5" />
          {formatCount(view.likesCount)}
        </span>
        <span className="flex items-center gap-1">
          <CommentIcon className="size-4 fill-current pointer-fine:size-5" />
          {formatCount(view.commentsCount)}
        </span>
      </span>
    </button>
  );
}
