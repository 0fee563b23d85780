import type { FollowStatus } from "../cache/follow-intents";

interface FollowButtonProps {
  status: FollowStatus;
  onToggle: () => void;
  username: string;
  /** Size and layout classes; the colours are the button's own. */
  className?: string;
}

const LABELS: Record<FollowStatus, string> = {
  none: "Follow",
  requested: "Requested",
  following: "Following",
};

const TITLES: Record<FollowStatus, (username: string) => string> = {
  none: (username) => `Follow @${username}`,
  requested: (username) => `Withdraw your follow request to @${username}`,
  following: (username) => `Unfollow @${username}`,
};

/**
 * Follow, Requested (a private member has not answered; a tap withdraws the request) or Following (a
 * tap unfollows). Hidden on the viewer's own posts and profile by the caller (spec §6).
 */
export function FollowButton({
  status,
  onToggle,
  username,
  className = "min-w-24 rounded-lg px-3.5 py-1.5",
}: FollowButtonProps) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={status !== "none"}
      title={TITLES[status](username)}
      className={`text-sm font-semibold whitespace-nowrap transition ${className} ${
        status === "none"
          ? "bg-brand text-white shadow-sm shadow-fuchsia-600/20 hover:brightness-110"
          : "border border-zinc-200 bg-white text-zinc-800 hover:bg-zinc-50"
      }`}
    >
      {LABELS[status]}
    </button>
  );
}
