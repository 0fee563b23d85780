import type { Ref } from "react";
import { Link } from "react-router";
import { UserPenIcon } from "../../../components/later-icons";
import type { FollowStatus } from "../../follows/cache/follow-intents";
import { FollowButton } from "../../follows/components/follow-button";
import { ProfileMenu } from "./profile-menu";

export const actionButtonClass =
  "inline-flex h-9 min-w-0 items-center justify-center gap-2 rounded-lg bg-zinc-100 px-2 whitespace-nowrap sm:px-4 text-sm font-semibold text-zinc-900 transition hover:bg-zinc-200 active:bg-zinc-300 disabled:opacity-60";
const iconButtonClass =
  "inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-zinc-800 transition hover:bg-zinc-200 active:bg-zinc-300";

interface OwnerActionsProps {
  editing: boolean;
  onToggleEdit: () => void;
  onShare: () => void;
  editButtonRef: Ref<HTMLButtonElement>;
}

/** Edit Profile (in place), Share Profile and the full edit page. Log out lives in Settings. */
export function OwnerActions({ editing, onToggleEdit, onShare, editButtonRef }: OwnerActionsProps) {
  return (
    <>
      <button
        ref={editButtonRef}
        type="button"
        aria-expanded={editing}
        onClick={onToggleEdit}
        className={`${actionButtonClass} flex-1 sm:flex-none ${editing ? "bg-zinc-200" : ""}`}
      >
        Edit Profile
      </button>
      <button type="button" onClick={onShare} className={`${actionButtonClass} flex-1 sm:flex-none`}>
        Share Profile
      </button>
      <Link
        to="/edit-profile"
        aria-label="Edit profile page"
        title="Edit photo, name, bio and gender"
        className={iconButtonClass}
      >
        <UserPenIcon className="size-5" />
      </Link>
    </>
  );
}

interface VisitorActionsProps {
  username: string;
  isPrivate: boolean;
  followStatus: FollowStatus;
  onToggleFollow: () => void;
  onShare: () => void;
  onBlock: () => void;
}

/** Follow, Requested or Following, Share Profile, and the ⋯ menu (Block). */
export function VisitorActions({
  username,
  isPrivate,
  followStatus,
  onToggleFollow,
  onShare,
  onBlock,
}: VisitorActionsProps) {
  return (
    <>
      <FollowButton
        status={followStatus}
        username={username}
        isPrivate={isPrivate}
        onToggle={onToggleFollow}
        className="h-9 flex-1 rounded-lg px-6 sm:min-w-24 sm:flex-none sm:px-4"
      />
      {/* No icon here: Follow, Share Profile and ⋯ share the row beside the username on wide screens. */}
      <button type="button" onClick={onShare} className={`${actionButtonClass} flex-1 sm:flex-none`}>
        Share Profile
      </button>
      <ProfileMenu username={username} onBlock={onBlock} className={iconButtonClass} />
    </>
  );
}
