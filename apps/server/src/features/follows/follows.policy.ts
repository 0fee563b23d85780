import { canFollow, canSeeContentOf, type Member, type Relation } from "../users/users.policy.js";

/** Who may follow whom, and who may read a member's follower and following lists. */

export { canFollow };

/** A private member's lists are for their followers. */
export function canSeeFollowListsOf(viewerId: string, member: Member, relation: Relation): boolean {
  return canSeeContentOf(viewerId, member, relation);
}
