import type { PublicProfile } from "@flik/shared";
import { useFollowIntent, useToggleFollowMember } from "../../follows/hooks/use-toggle-follow-member";

/** The member's follow state and follower count as the viewer should see them: pending taps applied. */
export function useProfileFollow(member: PublicProfile) {
  const intent = useFollowIntent(member._id);
  const toggle = useToggleFollowMember();
  const pending = intent !== undefined && intent !== member.isFollowed;
  return {
    isFollowed: pending ? intent : member.isFollowed,
    followersCount: pending ? Math.max(0, member.followersCount + (intent ? 1 : -1)) : member.followersCount,
    toggle: () => toggle(member._id, member.isFollowed),
  };
}
