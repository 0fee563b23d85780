import { canSeeContentOf as sharedRule } from "@flik/shared";
import { and, eq, exists, not, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { blocks, followRequests, follows } from "../../db/schema.js";

/**
 * Who may see what a member shares (posts, flicks, highlights, follower lists) and who may act toward
 * them: the one rule every feature asks, here as a function of rows already loaded and, for lists, as
 * the same rule in SQL. Follow requests and blocks (issue 16) live here and nowhere else: a block
 * (either way) makes each member, to the other, one who does not exist for reads and refuses actions.
 */

/** A member as the rules need them. */
export interface Member {
  id: string;
  isPrivate: boolean;
}

/** What the viewer is to a member: loaded with the member's row (`relationTo`), never asked apart. */
export interface Relation {
  isFollower: boolean;
  /** The viewer asked to follow this (private) member, who has not answered yet. */
  isRequested: boolean;
  /** Either of the two blocked the other. */
  isBlocked: boolean;
}

/** A member with the viewer's relation to them: what every rule about their content is asked with. */
export type RelatedMember = Member & { relation: Relation };

/** Who hears live of what a member shares: every signed-in member, or only their followers (and they). */
export type Audience = "everyone" | "followers";

/** Does the member exist for the viewer (their profile, their lists)? Not between two who blocked. */
export function canSeeMember(_viewerId: string, _member: Member, relation: Relation): boolean {
  return !relation.isBlocked;
}

/** May the viewer see what this member shares? The contract's rule (one for server and web), and no block. */
export function canSeeContentOf(viewerId: string, member: Member, relation: Relation): boolean {
  return (
    canSeeMember(viewerId, member, relation) &&
    sharedRule(member, { isSelf: member.id === viewerId, isFollower: relation.isFollower })
  );
}

/** May the viewer act toward the member at all (follow, message)? Not between two who blocked. */
export function canReach(_viewerId: string, _member: Member, relation: Relation): boolean {
  return !relation.isBlocked;
}

export function audienceOf(member: Member): Audience {
  return member.isPrivate ? "followers" : "everyone";
}

/** Members follow others, never themselves. */
export function canFollow(viewerId: string, member: { id: string }): boolean {
  return member.id !== viewerId;
}

/** Following a private member asks them first (a follow request), unless the viewer follows already. */
export function followNeedsRequest(member: Member, relation: Relation): boolean {
  return member.isPrivate && !relation.isFollower;
}

/** A member's id in SQL: a value (or a prepared statement's placeholder), a column, or an expression. */
type MemberIdSql = string | AnyPgColumn | SQL;

/**
 * "Either blocked the other", in SQL: two probes of the blocks primary key (blocker, blocked), one per
 * direction.
 */
export function blockedBetween(db: Db, viewerId: MemberIdSql, memberId: MemberIdSql): SQL<boolean> {
  const oneWay = (blocker: MemberIdSql, blocked: MemberIdSql) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(blocks)
        .where(and(eq(blocks.blockerId, blocker), eq(blocks.blockedId, blocked))),
    );
  return sql<boolean>`(${oneWay(viewerId, memberId)} or ${oneWay(memberId, viewerId)})`;
}

/**
 * The members the member in `blockerId` blocked, among those `among` admits (a test of the blocked
 * member's id), as a list of ids: a walk of the blocks primary key's blocker prefix, one probe of
 * `among` per block. Selected beside each of a few members (a chat's), it answers who among them is
 * blocked with whom either way (`blockedAmong`) in the same statement, without a query per member.
 */
export function blocksMadeAmong(
  db: Db,
  blockerId: AnyPgColumn,
  among: (blockedId: AnyPgColumn) => SQL,
): SQL<string[]> {
  const made = db
    .select({ id: sql`${blocks.blockedId}::text` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), among(blocks.blockedId)));
  return sql<string[]>`array${made}`;
}

/**
 * Of a few members, each with the ids among them they blocked (`blocksMadeAmong`), those blocked either
 * way with `memberId`: `canSeeMember` for rows already loaded together.
 */
export function blockedAmong(
  memberId: string,
  members: readonly { id: string; blocks: readonly string[] }[],
): Set<string> {
  const blocked = new Set<string>();
  for (const member of members) {
    if (member.id === memberId) for (const id of member.blocks) blocked.add(id);
    else if (member.blocks.includes(memberId)) blocked.add(member.id);
  }
  return blocked;
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
    isRequested: exists(
      db
        .select({ one: sql`1` })
        .from(followRequests)
        .where(and(eq(followRequests.requesterId, viewerId), eq(followRequests.targetId, memberId))),
    ).mapWith(Boolean),
    isBlocked: blockedBetween(db, viewerId, memberId).mapWith(Boolean),
  };
}

/**
 * `canSeeMember` in SQL, for lists that leave out members blocked either way (search, follow lists,
 * likers, comments, notifications, chat partners). A null member (a deleted sender) is never blocked.
 */
export function notBlockedBetween(db: Db, viewerId: MemberIdSql, memberId: MemberIdSql): SQL {
  return not(blockedBetween(db, viewerId, memberId));
}

/** `canSeeContentOf` in SQL, for lists that filter in the database (the flicks feed). */
export function contentVisibleTo(
  db: Db,
  viewerId: string,
  member: { id: AnyPgColumn; isPrivate: AnyPgColumn },
): SQL<boolean> {
  const { isFollower } = relationTo(db, viewerId, member.id);
  return sql<boolean>`((${eq(member.isPrivate, false)} or ${eq(member.id, viewerId)} or ${isFollower}) and ${notBlockedBetween(db, viewerId, member.id)})`;
}
