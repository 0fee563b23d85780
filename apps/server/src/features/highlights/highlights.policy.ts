import { canSeeContentOf, type Member, type Relation } from "../users/users.policy.js";

/** Who may see a member's highlights and who may change one. */

/** A private member's highlights are for their followers. */
export function canSeeHighlightsOf(viewerId: string, owner: Member, relation: Relation): boolean {
  return canSeeContentOf(viewerId, owner, relation);
}

/** Only the owner edits or deletes a highlight (spec §6). */
export function canEditHighlight(viewerId: string, highlight: { userId: string }): boolean {
  return highlight.userId === viewerId;
}

/** The rule is shared: the app asks it too, before it sends a new highlight's file. */
export { canAddHighlight } from "@flik/shared";
