import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { perDatabase, placeholder } from "../../db/prepared.js";
import { blocks, followRequests, follows, memberNameWords, users } from "../../db/schema.js";
import { notBlockedBetween, relationTo } from "./users.policy.js";

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A list of ids as one comma-separated text (see `findOwnAccount`). */
const idsOf = (list: string) => (list === "" ? [] : list.split(","));

type BlockedTuple = [id: string, username: string, fullName: string, avatar: string];
const blocked = alias(users, "blocked");

/**
 * The member's own account with the ids of their newest followers and followings (each a bounded walk
 * of a follows index), the follow requests waiting for them and whom they block (newest block first),
 * in one prepared statement (every page load asks for it). The id lists come as one comma-separated
 * text each: parsing two PostgreSQL arrays of a hundred uuids cost more than the rest of the answer.
 */
const prepareFindOwnAccount = perDatabase((db) => {
  const newest = (listed: AnyPgColumn, anchor: AnyPgColumn) =>
    sql<string>`array_to_string(array(${db
      .select({ id: listed })
      .from(follows)
      .where(eq(anchor, users.id))
      .orderBy(desc(follows.createdAt), desc(listed))
      .limit(placeholder("idsListed"))}), ',')`;
  const statement = db
    .select({
      member: users,
      followers: newest(follows.followerId, follows.followeeId),
      following: newest(follows.followeeId, follows.followerId),
      followRequestsCount: sql<number>`(${db
        .select({ count: sql`count(*)` })
        .from(followRequests)
        .where(eq(followRequests.targetId, users.id))})`.mapWith(Number),
      // Newest block first, from blocks_blocker_created_idx.
      blockedUsers: sql<BlockedTuple[]>`array_to_json(array(${db
        .select({
          member: sql`json_build_array(${blocked.id}, ${blocked.username}, ${blocked.fullName}, ${blocked.avatar})`,
        })
        .from(blocks)
        .innerJoin(blocked, eq(blocked.id, blocks.blockedId))
        .where(eq(blocks.blockerId, users.id))
        .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))}))`,
    })
    .from(users)
    .where(eq(users.id, placeholder("id")))
    .prepare("find_own_account");
  return async (id: string, idsListed: number) => {
    const [row] = await statement.execute({ id, idsListed });
    return (
      row && {
        member: row.member,
        followers: idsOf(row.followers),
        following: idsOf(row.following),
        followRequestsCount: row.followRequestsCount,
        blockedUsers: row.blockedUsers.map(([_id, username, fullName, avatar]) => ({
          _id,
          username,
          fullName,
          avatar,
        })),
      }
    );
  };
});

export function findOwnAccount(db: Db, id: string, idsListed: number) {
  return prepareFindOwnAccount(db)(id, idsListed);
}

/**
 * The ids of a member's newest followers and followings as a viewer sees them (GET /profile/{username}):
 * each a bounded walk of a follows index, newest follow first, leaving out members blocked either way
 * with the viewer, as the follower lists do (users.policy). Comma-separated text, as in
 * `findOwnAccount`.
 */
const prepareFindFollowIdsAs = perDatabase((db) => {
  const viewerId = placeholder<string>("viewerId");
  const newest = (listed: AnyPgColumn, anchor: AnyPgColumn) =>
    sql<string>`array_to_string(array(${db
      .select({ id: listed })
      .from(follows)
      .where(and(eq(anchor, users.id), notBlockedBetween(db, viewerId, listed)))
      .orderBy(desc(follows.createdAt), desc(listed))
      .limit(placeholder("idsListed"))}), ',')`;
  return db
    .select({
      followers: newest(follows.followerId, follows.followeeId),
      following: newest(follows.followeeId, follows.followerId),
    })
    .from(users)
    .where(eq(users.id, placeholder("memberId")))
    .prepare("find_follow_ids_as");
});

export async function findFollowIdsAs(db: Db, viewerId: string, memberId: string, idsListed: number) {
  const [row] = await prepareFindFollowIdsAs(db).execute({ viewerId, memberId, idsListed });
  return { followers: idsOf(row?.followers ?? ""), following: idsOf(row?.following ?? "") };
}

/** A member by id or username, with the viewer's relation to them (what the policies need). */
const prepareFindMemberAs = perDatabase((db) => {
  const viewerId = placeholder<string>("viewerId");
  const member = () => db.select({ member: users, relation: relationTo(db, viewerId, users.id) }).from(users);
  return {
    byId: member()
      .where(eq(users.id, placeholder("id")))
      .prepare("find_member_as_by_id"),
    byUsername: member()
      .where(eq(users.username, placeholder("username")))
      .prepare("find_member_as_by_username"),
  };
});

/** A member by id or username with the viewer's relation to them: a profile's first statement, prepared. */
export async function findMemberAs(db: Db, viewerId: string, by: { id: string } | { username: string }) {
  const prepared = prepareFindMemberAs(db);
  const [row] = await ("id" in by
    ? prepared.byId.execute({ viewerId, id: by.id })
    : prepared.byUsername.execute({ viewerId, username: by.username.toLowerCase() }));
  return row && { ...row.member, relation: row.relation };
}

export async function usernameTakenByOther(db: Db, username: string, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), sql`${users.id} <> ${userId}`));
  return row !== undefined;
}

/** Whether the member's username is `username` now (read from the table, never a cache). */
export async function hasUsername(db: Db, userId: string, username: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.username, username)));
  return row !== undefined;
}

export async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * `updateUser` answering too whether the member was private before (the joined copy is the row as the
 * statement found it): a privacy change is told only when there is one.
 */
export async function updateUserSettings(db: Db, id: string, values: Partial<typeof users.$inferInsert>) {
  const before = alias(users, "before");
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .from(before)
    .where(and(eq(users.id, id), eq(before.id, id)))
    .returning({ id: users.id, isPrivate: users.isPrivate, wasPrivate: before.isPrivate });
  return row;
}

/** Where a member search page starts: after this sort key of the last member of the page before. */
export interface MemberSearchKey {
  rank: number;
  closeness: number;
  username: string;
}

/** How a member matched a search, best first: the first part of its sort key. */
export const MEMBER_MATCH_RANKS = {
  /** The username is the text itself. */
  exact: 0,
  /** The username, the full name or one of its words starts with the text: followed members first. */
  prefixFollowed: 1,
  prefix: 2,
  /** Close to the text (trigrams: a typo, a letter missing or swapped): followed members first. */
  closeFollowed: 3,
  close: 4,
} as const;

/**
 * How many members each way of matching brings at most (the closest first), and how many of the
 * viewer's newest followings are looked at besides: a search of a text a thousand members resemble
 * ranks these, not the thousand. Pages go on within them (the first few pages of any search).
 */
export const MEMBER_SEARCH_CANDIDATES = { eachWay: 50, followed: 200 } as const;

/** The two passes of a member search: members matching by a prefix, then those only close to the text. */
export type MemberMatch = "prefix" | "close";

/**
 * One pass of member search (issue 18), one prepared statement each. Candidates, each way read closest
 * first from the GiST trigram indexes (`<->`, `<<->`), and the members the viewer follows:
 * - "prefix": usernames starting with the text, full names with a word starting with it;
 * - "close" (the rest): usernames close to the text (`%`: a typo), usernames with a part close to it
 *   and full names with a word close to it (`<%`).
 * They are ranked by `MEMBER_MATCH_RANKS` (followed members up), then by closeness to the text (a short
 * username that is almost the text before a long one that starts with it), then username; never one the
 * viewer blocked or who blocked the viewer (users.policy). A page starts after the sort key of the one
 * before (`after`).
 */
const prepareSearchUsers = perDatabase((db) => {
  const viewerId = placeholder<string>("viewerId");
  const text = placeholder<string>("text");
  const prefix = placeholder<string>("prefix");
  const wordPrefix = placeholder<string>("wordPrefix");
  const { eachWay, followed: followedSeen } = MEMBER_SEARCH_CANDIDATES;
  const name = memberNameWords(users);
  const closest = (where: SQL, distance: SQL) =>
    sql`(select ${users.id} as "id" from ${users} where ${where} order by ${distance} limit ${eachWay})`;
  const followedIds = sql`(select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${viewerId}
    order by ${follows.createdAt} desc limit ${followedSeen})`;
  const prefixed = sql`(${users.username} like ${prefix} or ${name} like ${wordPrefix})`;
  const close = sql`(${users.username} % ${text} or ${text} <% ${users.username} or ${text} <% ${name})`;
  const followed = relationTo(db, viewerId, users.id).isFollower;
  const ranks = MEMBER_MATCH_RANKS;
  const rank = (key: keyof typeof ranks) => sql.raw(String(ranks[key]));

  const pass = (match: MemberMatch) => {
    const candidates =
      match === "prefix"
        ? [
            closest(sql`${users.username} like ${prefix}`, sql`${users.username} <-> ${text}`),
            closest(sql`${name} like ${wordPrefix}`, sql`${name} <-> ${text}`),
          ]
        : [
            closest(sql`${users.username} % ${text}`, sql`${users.username} <-> ${text}`),
            closest(sql`${text} <% ${users.username}`, sql`${text} <<-> ${users.username}`),
            closest(sql`${text} <% ${name}`, sql`${text} <<-> ${name}`),
          ];
    const matches = match === "prefix" ? prefixed : sql`(${close} and not ${prefixed})`;
    const matched = db
      .select({
        _id: users.id,
        username: users.username,
        fullName: users.fullName,
        avatar: users.avatar,
        rank: sql<number>`(case when ${users.username} = ${text} then ${rank("exact")}
          when ${prefixed} then (case when ${followed} then ${rank("prefixFollowed")} else ${rank("prefix")} end)
          else (case when ${followed} then ${rank("closeFollowed")} else ${rank("close")} end) end)`.as(
          "rank",
        ),
        // In thousandths, so that the key a cursor carries compares exactly.
        closeness:
          sql<number>`round(1000 * greatest(similarity(${users.username}, ${text}), word_similarity(${text}, ${users.username}), word_similarity(${text}, ${name})))::int`.as(
            "closeness",
          ),
      })
      .from(users)
      .where(
        and(
          sql`${users.id} in (${sql.join([...candidates, followedIds], sql` union `)})`,
          matches,
          notBlockedBetween(db, viewerId, users.id),
        ),
      )
      .as("matched");
    return db
      .select()
      .from(matched)
      .where(
        sql`(${matched.rank}, -${matched.closeness}, ${matched.username}) > (${placeholder("afterRank")}::int, -${placeholder("afterCloseness")}::int, ${placeholder("afterUsername")}::text)`,
      )
      .orderBy(asc(matched.rank), desc(matched.closeness), asc(matched.username))
      .limit(placeholder("limit"))
      .prepare(`search_users_${match}`);
  };
  return { prefix: pass("prefix"), close: pass("close") };
});

/** The text of a `like` pattern matched literally (its %, _ and \\ escaped). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One pass of a member search (see `prepareSearchUsers`): at most `limit` rows after `after`. */
export async function searchUsers(
  db: Db,
  match: MemberMatch,
  viewerId: string,
  text: string,
  limit: number,
  after: MemberSearchKey | undefined,
) {
  const lowered = text.toLowerCase();
  const literal = likeLiteral(lowered);
  return prepareSearchUsers(db)[match].execute({
    viewerId,
    text: lowered,
    prefix: `${literal}%`,
    // Against the name after a space (schema.ts memberNameWords): its first word and the others alike.
    wordPrefix: `% ${literal}%`,
    afterRank: after?.rank ?? -1,
    afterCloseness: after?.closeness ?? 0,
    afterUsername: after?.username ?? "",
    limit,
  });
}
