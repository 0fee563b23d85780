interface FollowButtonProps {
  isFollowed: boolean;
  onToggle: () => void;
  username: string;
  /** Size and layout classes; the colours are the button's own. */
  className?: string;
}

/** Follow/Following for a member; hidden on the viewer's own posts and profile by the caller (spec §6). */
export function FollowButton({
  isFollowed,
  onToggle,
  username,
  className = "min-w-24 rounded-lg px-3.5 py-1.5",
}: FollowButtonProps) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={isFollowed}
      title={isFollowed ? `Unfollow @${username}` : `Follow @${username}`}
      className={`text-sm font-semibold transition ${className} ${
        isFollowed
          ? "border border-zinc-200 bg-white text-zinc-800 hover:bg-zinc-50"
          : "bg-brand text-white shadow-sm shadow-fuchsia-600/20 hover:brightness-110"
      }`}
    >
      {isFollowed ? "Following" : "Follow"}
    </button>
  );
}
