interface FollowButtonProps {
  isFollowed: boolean;
  onToggle: () => void;
  username: string;
}

/** Follow/Following for a post's author; hidden on own posts by the caller (spec §6). */
export function FollowButton({ isFollowed, onToggle, username }: FollowButtonProps) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={isFollowed}
      title={isFollowed ? `Unfollow @${username}` : `Follow @${username}`}
      className={`min-w-24 rounded-lg px-3.5 py-1.5 text-sm font-semibold transition ${
        isFollowed
          ? "border border-zinc-200 bg-white text-zinc-800 hover:bg-zinc-50"
          : "bg-brand text-white shadow-sm shadow-fuchsia-600/20 hover:brightness-110"
      }`}
    >
      {isFollowed ? "Following" : "Follow"}
    </button>
  );
}
