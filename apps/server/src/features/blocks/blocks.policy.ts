/** Who may block whom (what a block then forbids is the users policy's `Relation.isBlocked`). */

/** Any member but oneself; a member blocked already, or who blocked the caller, may be blocked too. */
export function canBlock(viewerId: string, memberId: string): boolean {
  return memberId !== viewerId;
}

/** Any member but oneself, who was never blocked by oneself either. */
export const canUnblock = canBlock;
