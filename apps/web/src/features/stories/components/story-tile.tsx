import type { StoryAuthor } from "@flik/shared";
import type { ReactNode, Ref } from "react";
import { Avatar } from "../../../components/avatar";
import { type RingState, StoryRing } from "./story-ring";

export const tileClass = "flex w-[4.5rem] shrink-0 flex-col items-center gap-1.5 rounded-xl";
export const tileRingClass = "size-16";

/** How a member's stories are announced: whose, and whether there is anything new. */
export function storyLabel(username: string, allViewed: boolean): string {
  return `${username}'s story, ${allViewed ? "seen" : "not seen"}`;
}

interface StoryTileProps {
  user: StoryAuthor;
  ring: RingState;
  /** The button's name, when the name under the picture does not say it (the member's own tile). */
  label: string;
  caption: string;
  onClick: () => void;
  /** Drawn over the picture (the add badge). */
  children?: ReactNode;
  /** The strip's roving focus: its ref and whether this tile is the strip's Tab stop. */
  focusProps?: { ref: Ref<HTMLButtonElement>; tabIndex: number };
  /** Offered but not now (a story on its way): announced as unavailable, the click ignored. */
  busy?: boolean;
}

/** One member of the strip: their picture in its ring, their name under it. */
export function StoryTile({
  user,
  ring,
  label,
  caption,
  onClick,
  children,
  focusProps,
  busy = false,
}: StoryTileProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-disabled={busy || undefined}
      onClick={() => !busy && onClick()}
      className={`group ${tileClass} aria-disabled:cursor-progress`}
      {...focusProps}
    >
      <span className="relative">
        <StoryRing
          state={ring}
          className={`${tileRingClass} transition group-hover:scale-[1.03] motion-reduce:transition-none`}
        >
          <Avatar src={user.avatar} name={user.username} className="size-full text-xl ring-0" />
        </StoryRing>
        {children}
      </span>
      <span className="w-full truncate text-center text-xs text-zinc-800">{caption}</span>
    </button>
  );
}
