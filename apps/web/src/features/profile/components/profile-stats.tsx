import type { ReactNode } from "react";
import type { FollowListKind } from "../../follows/api/follow-keys";
import { formatCount } from "../../posts/components/post-actions";

interface ProfileStatsProps {
  postsCount: number;
  /** Whether the posts shown include fliks, which the count takes in but the Posts tab does not. */
  includesFliks?: boolean;
  followersCount: number;
  followingCount: number;
  /** Null when the lists are not the viewer's to see (a private member they do not follow). */
  onOpenList: ((kind: FollowListKind) => void) | null;
  className?: string;
}

function plural(count: number, one: string, many: string) {
  return count === 1 ? one : many;
}

/** The count is of everything the member posted; it says so when fliks are among them. */
function postsLabel(count: number, includesFliks: boolean) {
  if (!includesFliks) return plural(count, "post", "posts");
  return count === 1 ? "flik" : "posts & fliks";
}

// On a phone the stats sit beside the avatar, number over label, in some 224 px at 360 px wide: labels of
// 13 px, with room between them taken as it comes (justify-between), keep "posts & fliks" on one line
// like the two others. Narrower still, a label wraps under the number, the row's tops kept level.
const statClass =
  "flex flex-col items-start rounded-lg text-[13px] leading-tight text-zinc-600 sm:flex-row sm:items-baseline sm:gap-1.5 sm:text-base";
const numberClass = "text-base font-semibold text-zinc-900 tabular-nums sm:text-base";

/** Posts, followers and following; the last two open their lists, when the viewer may see them. */
export function ProfileStats({
  postsCount,
  includesFliks = false,
  followersCount,
  followingCount,
  onOpenList,
  className = "",
}: ProfileStatsProps) {
  return (
    <ul
      aria-label="Profile stats"
      className={`flex max-w-xs justify-between gap-2 sm:max-w-none sm:justify-start sm:gap-10 ${className}`}
    >
      <li className={statClass}>
        <span className={numberClass}>{formatCount(postsCount)}</span> {postsLabel(postsCount, includesFliks)}
      </li>
      <ListStat kind="followers" onOpenList={onOpenList}>
        <span className={numberClass}>{formatCount(followersCount)}</span>{" "}
        {plural(followersCount, "follower", "followers")}
      </ListStat>
      <ListStat kind="following" onOpenList={onOpenList}>
        <span className={numberClass}>{formatCount(followingCount)}</span> following
      </ListStat>
    </ul>
  );
}

function ListStat({
  kind,
  onOpenList,
  children,
}: {
  kind: FollowListKind;
  onOpenList: ((kind: FollowListKind) => void) | null;
  children: ReactNode;
}) {
  if (!onOpenList) return <li className={statClass}>{children}</li>;
  return (
    <li>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => onOpenList(kind)}
        className={`${statClass} transition hover:text-zinc-900`}
      >
        {children}
      </button>
    </li>
  );
}
