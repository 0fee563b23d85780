import { useState } from "react";
import { lazyPart } from "../../layout/components/lazy-part";
import type { FollowStatus } from "../cache/follow-intents";

// Loaded on the first unfollow of a private member: the feed's first screen does not carry the dialog.
const UnfollowDialog = lazyPart(async () => (await import("./unfollow-dialog")).UnfollowDialog);

interface FollowButtonProps {
  status: FollowStatus;
  onToggle: () => void;
  username: string;
  /** A private member: unfollowing them is asked once more, since coming back takes a new request. */
  isPrivate?: boolean;
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
 * tap unfollows, after a confirmation when the member is private). Hidden on the viewer's own posts
 * and profile by the caller (spec §6).
 */
export function FollowButton({
  status,
  onToggle,
  username,
  isPrivate = false,
  className = "min-w-24 rounded-lg px-3.5 py-1.5",
}: FollowButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const asksFirst = status === "following" && isPrivate;
  // Unfollowed meanwhile (another tab, a block): the question no longer stands.
  if (confirming && !asksFirst) setConfirming(false);
  return (
    <>
      <button
        type="button"
        onClick={asksFirst ? () => setConfirming(true) : onToggle}
        // The label says the state (Follow, Requested, Following); aria-pressed beside a label that
        // changes would read "Following, pressed" (APG: a toggle's name stays the same).
        data-follow-status={status}
        title={TITLES[status](username)}
        className={`text-sm font-semibold whitespace-nowrap transition ${className} ${
          status === "none"
            ? "bg-brand text-white shadow-sm shadow-fuchsia-600/20 hover:brightness-110"
            : "border border-zinc-200 bg-white text-zinc-800 hover:bg-zinc-50"
        }`}
      >
        {LABELS[status]}
      </button>
      {confirming && (
        <UnfollowDialog
          username={username}
          onCancel={() => setConfirming(false)}
          onUnavailable={() => setConfirming(false)}
          onUnfollow={() => {
            setConfirming(false);
            onToggle();
          }}
        />
      )}
    </>
  );
}
