import { HIGHLIGHTS_MAX } from "@flik/shared";
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

/** A member keeps at most HIGHLIGHTS_MAX highlights: a new one waits until one is deleted. */
export function canAddHighlight(highlightsKept: number): boolean {
  return highlightsKept < HIGHLIGHTS_MAX;
}
