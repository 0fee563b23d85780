import { canSeeContentOf as sharedRule } from "@flik/shared";
import { and, eq, exists, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { follows } from "../../db/schema.js";

/**
 * Who may see what a member shares (posts, flicks, highlights, follower lists): the one rule every
 * feature asks, here as a function of rows already loaded and, for lists, as the same rule in SQL.
 * Follow requests and blocks (issues 16) are added here and nowhere else.
 */

/** A member as the rules need them. */
export interface Member {
  id: string;
  isPrivate: boolean;
}

/** What the viewer is to a member: loaded with the member's row (`relationTo`), never asked apart. */
export interface Relation {
  isFollower: boolean;
}

/** A member with the viewer's relation to them: what every rule about their content is asked with. */
export type RelatedMember = Member & { relation: Relation };

/** Who hears live of what a member shares: every signed-in member, or only their followers (and they). */
export type Audience = "everyone" | "followers";

/** May the viewer see what this member shares? The contract's rule (one for server and web). */
export function canSeeContentOf(viewerId: string, member: Member, relation: Relation): boolean {
  return sharedRule(member, { isSelf: member.id === viewerId, isFollower: relation.isFollower });
}

export function audienceOf(member: Member): Audience {
  return member.isPrivate ? "followers" : "everyone";
}

/** Members follow others, never themselves. */
export function canFollow(viewerId: string, member: { id: string }): boolean {
  return member.id !== viewerId;
}

/** The SQL of the viewer's relation to the member in `memberId`, to select beside the member's row. */
export function relationTo(db: Db, viewerId: string, memberId: AnyPgColumn) {
  return {
    isFollower: exists(
      db
        .select({ one: sql`1` })
        .from(follows)
        .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, memberId))),
    ).mapWith(Boolean),
  };
}

/** `canSeeContentOf` in SQL, for lists that filter in the database (the flicks feed). */
export function contentVisibleTo(
  db: Db,
  viewerId: string,
  member: { id: AnyPgColumn; isPrivate: AnyPgColumn },
): SQL<boolean> {
  const { isFollower } = relationTo(db, viewerId, member.id);
  return sql<boolean>`(${eq(member.isPrivate, false)} or ${eq(member.id, viewerId)} or ${isFollower})`;
}
