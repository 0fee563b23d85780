import type { Flick } from "@flik/shared";
import { type ReactNode, useId } from "react";
import { CommentIcon, HeartIcon, SendIcon } from "../../../components/icons";
import { formatCount } from "../../posts/components/post-actions";
import { FlickMenu } from "./flick-menu";
import { actionButton } from "./overlay-button";

interface FlickActionsProps {
  flick: Flick;
  onLike: () => void;
  onComments: () => void;
  onShare: () => void;
  onDelete: () => void;
  onReport: () => void;
  onBlock: () => void;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** The right-hand column: like, comments and share with their counts, then the menu. */
export function FlickActions({
  flick,
  onLike,
  onComments,
  onShare,
  onDelete,
  onReport,
  onBlock,
}: FlickActionsProps) {
  return (
    <div className="flex flex-col items-center gap-3">
      <Action
        // The name says the state, as a post's does; a pressed state too would read "Unlike, pressed".
        label={flick.isLiked ? "Unlike" : "Like"}
        count={flick.likesCount}
        noun={plural(flick.likesCount, "like", "likes")}
        onClick={onLike}
        icon={
          <HeartIcon
            filled={flick.isLiked}
            className={`size-8 transition-transform motion-safe:duration-200 ${flick.isLiked ? "scale-110 text-rose-500" : ""}`}
          />
        }
      />
      <Action
        label="Comments"
        count={flick.commentsCount}
        noun={plural(flick.commentsCount, "comment", "comments")}
        onClick={onComments}
        icon={<CommentIcon className="size-8" />}
      />
      <Action
        label="Share"
        count={flick.sharesCount}
        noun={plural(flick.sharesCount, "share", "shares")}
        onClick={onShare}
        icon={<SendIcon className="size-8" />}
      />
      <FlickMenu isOwner={flick.isMyFlick} onDelete={onDelete} onReport={onReport} onBlock={onBlock} />
    </div>
  );
}

interface ActionProps {
  label: string;
  count: number;
  noun: string;
  icon: ReactNode;
  onClick: () => void;
}

function Action({ label, count, noun, icon, onClick }: ActionProps) {
  const countId = useId();
  return (
    <div className="flex flex-col items-center">
      <button
        type="button"
        aria-label={label}
        aria-describedby={countId}
        onClick={onClick}
        className={actionButton}
      >
        {icon}
      </button>
      <span
        id={countId}
        className="-mt-0.5 text-xs font-semibold text-white tabular-nums drop-shadow-[0_1px_2px_rgba(0,0,0,0.8)]"
      >
        {formatCount(count)} <span className="sr-only">{noun}</span>
      </span>
    </div>
  );
}
