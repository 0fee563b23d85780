import {
  canFollow,
  canReach,
  canSeeContentOf,
  followNeedsRequest,
  type Member,
  type Relation,
} from "../users/users.policy.js";

/** Who may follow whom, who must ask first, and who may read a member's follower and following lists. */

export { canFollow, followNeedsRequest };

/** Neither side of a block may follow (or ask to follow) the other. */
export function canAskToFollow(viewerId: string, member: Member, relation: Relation): boolean {
  return canReach(viewerId, member, relation);
}

/** A private member's lists are for their followers. */
export function canSeeFollowListsOf(viewerId: string, member: Member, relation: Relation): boolean {
  return canSeeContentOf(viewerId, member, relation);
}

/**
 * Remove follower takes a member off the caller's own followers (the route names no other list, so no
 * one else's follows can be touched); never oneself, as no one follows themselves.
 */
export function canRemoveFollower(viewerId: string, followerId: string): boolean {
  return followerId !== viewerId;
}
