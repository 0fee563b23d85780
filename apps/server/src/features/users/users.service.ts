import {
  FOLLOW_IDS_LISTED,
  isPossibleUsername,
  newUsernameProblem,
  type PublicProfile,
  type User,
  type UsersResponse,
  type updateProfileBody,
} from "@flik/shared";
import type { z } from "zod";
import { type Db, pgErrorOf } from "../../db/database.js";
import type { UserRow } from "../../db/schema.js";
import type { Caller } from "../../platform/caller.js";
import { cursorInteger, decodeKeyCursor, encodeKeyCursor } from "../../platform/cursor.js";
import { type DomainEvents, onMembersChanged } from "../../platform/domain-events.js";
import { conflictOn, invalidField, notFound, unauthorized } from "../../platform/errors.js";
import { canSeeFollowListsOf } from "../follows/follows.policy.js";
import type { MediaService } from "../media/media.service.js";
import type { MediaUploads } from "../media/media.uploads.js";
import type { AccountCache } from "./users.cache.js";
import { canSeeMember, type RelatedMember } from "./users.policy.js";
import { presentPublic, presentSelf } from "./users.presenter.js";

import {
  findFollowIdsAs,
  findMemberAs,
  findOwnAccount,
  hasUsername,
  MEMBER_MATCH_RANKS,
  type MemberSearchKey,
  searchUsers,
  updateUser,
  updateUserSettings,
  usernameTakenByOther,
} from "./users.queries.js";

const usernameTaken = "That username is already taken";

/** The sort key a member search cursor carries: a rank, a closeness in thousandths, a username. */
function memberSearchKey([rank, closeness, username, ...rest]: unknown[]): MemberSearchKey | undefined {
  const key = {
    rank: cursorInteger(rank, MEMBER_MATCH_RANKS.exact, MEMBER_MATCH_RANKS.close),
    closeness: cursorInteger(closeness, 0, 1000),
  };
  if (key.rank === undefined || key.closeness === undefined || rest.length > 0) return undefined;
  if (typeof username !== "string" || !isPossibleUsername(username)) return undefined;
  return { rank: key.rank, closeness: key.closeness, username };
}

export type UsersService = ReturnType<typeof createUsersService>;

/** A member named by their id or their username. */
type MemberKey = { id: string } | { username: string };

export function createUsersService(deps: {
  db: Db;
  media: MediaService;
  /** Who uploaded which kept file: an avatar named by its address must be the member's own upload (media.policy). */
  uploads: Pick<MediaUploads, "checkUploaded" | "record">;
  accounts: AccountCache;
  domainEvents: DomainEvents;
}) {
  const { db, media, uploads, accounts, domainEvents } = deps;

  // What other features change in members' accounts (counts, follow lists and requests, blocks) is
  // forgotten here at once; other nodes hear it from the database.
  onMembersChanged(domainEvents, accounts.forget);

  /** The caller's own account; a session whose member was deleted counts as signed out. */
  function ownAccount(userId: string): Promise<User> {
    return accounts.through(userId, async () => {
      const row = await findOwnAccount(db, userId, FOLLOW_IDS_LISTED);
      if (!row) throw unauthorized();
      return presentSelf(row.member, row);
    });
  }

  /** The member as the caller sees them, or undefined where they are missing to the caller (a block). */
  async function visibleMember(caller: Caller, by: MemberKey) {
    if ("username" in by && !isPossibleUsername(by.username)) return undefined;
    const row = await findMemberAs(db, caller.userId, by);
    return row && canSeeMember(caller.userId, row, row.relation) ? row : undefined;
  }

  return {
    /**
     * GET /user/search and GET /auth?search= (spec §7): members by username or full name, for the chat
     * screen and explore; prefixes first, then typos, followed members up (users.queries
     * `searchUsers`); none the caller blocked or who blocked the caller. Paged by the last member's
     * sort key (its rank, closeness and unique username), so a page never repeats one before it.
     */
    async search(
      caller: Caller,
      query: { text: string; limit: number; cursor?: string | undefined },
    ): Promise<UsersResponse> {
      const after = decodeKeyCursor(query.cursor, memberSearchKey);
      const wanted = query.limit + 1;
      // Prefix matches rank before every close one: the close pass runs only for a page they leave short.
      const rows =
        after && after.rank > MEMBER_MATCH_RANKS.prefix
          ? []
          : await searchUsers(db, "prefix", caller.userId, query.text, wanted, after);
      if (rows.length < wanted) {
        const from = after && after.rank > MEMBER_MATCH_RANKS.prefix ? after : undefined;
        rows.push(...(await searchUsers(db, "close", caller.userId, query.text, wanted - rows.length, from)));
      }
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        users: page.map(({ _id, username, fullName, avatar }) => ({ _id, username, fullName, avatar })),
        nextCursor:
          rows.length > query.limit && last
            ? encodeKeyCursor([last.rank, last.closeness, last.username])
            : null,
      };
    },

    me: (caller: Caller) => ownAccount(caller.userId),

    /**
     * A member by id or username with the caller's relation to them, for the policies to decide on.
     * Between two members where either blocked the other, the same 404 as for nobody.
     */
    async member(caller: Caller, by: MemberKey) {
      const row = await visibleMember(caller, by);
      if (!row) throw notFound("Member not found");
      return row;
    },

    visibleMember,

    /**
     * A member's profile as the caller sees it, with the ids of their newest followers and followings
     * (spec §3's lists, bounded as GET /user's) when the caller may see their lists: none of a private
     * member the caller does not follow. The caller's own id is among the followers whenever they
     * follow, so that "the list includes me" (spec §4) says what `isFollowed` says.
     */
    async publicProfile(caller: Caller, row: UserRow & RelatedMember): Promise<PublicProfile> {
      const lists = canSeeFollowListsOf(caller.userId, row, row.relation)
        ? await findFollowIdsAs(db, caller.userId, row.id, FOLLOW_IDS_LISTED)
        : { followers: [], following: [] };
      const followers =
        row.relation.isFollower && !lists.followers.includes(caller.userId)
          ? [...lists.followers.slice(0, FOLLOW_IDS_LISTED - 1), caller.userId]
          : lists.followers;
      return presentPublic(row, row.relation, { ...lists, followers });
    },

    /**
     * PUT /user/privacy: only the settings sent change. Whether a private profile is shown is the
     * policies' (users.policy); notification e-mails read `emailNotifications` when they are planned.
     * Going public accepts every pending follow request (the follows feature hears `privacyChanged`)
     * before the account is answered; going private keeps current followers.
     */
    async updatePrivacy(
      caller: Caller,
      settings: Partial<
        Pick<UserRow, "isPrivate" | "emailNotifications" | "pushNotifications" | "messagesFrom">
      >,
    ) {
      let updated: Awaited<ReturnType<typeof updateUserSettings>>;
      try {
        updated = await updateUserSettings(db, caller.userId, settings);
        if (!updated) throw unauthorized();
      } finally {
        accounts.forget([caller.userId]);
      }
      // Told only when it changed: the same value sent again accepts nothing and tells no one.
      if (updated.isPrivate !== updated.wasPrivate)
        await domainEvents.publish("privacyChanged", { userId: caller.userId, isPrivate: updated.isPrivate });
      // The member's other tabs show the settings too.
      await domainEvents.publish("accountChanged", { userId: caller.userId });
      return ownAccount(caller.userId);
    },

    /** PUT /profile/update and PUT /user: only the fields sent change; a data URL avatar is stored first. */
    async update(caller: Caller, input: z.output<typeof updateProfileBody>) {
      if (input.username) {
        // A name kept from before the periods' rule stays its member's, sent back unchanged or not.
        const problem = newUsernameProblem(input.username);
        if (problem && !(await hasUsername(db, caller.userId, input.username)))
          throw invalidField("username", problem);
        if (await usernameTakenByOther(db, input.username, caller.userId))
          throw conflictOn("username", usernameTaken);
      }
      const { avatar, ...fields } = input;
      const values: Partial<UserRow> = { ...fields };
      if (avatar?.startsWith("data:")) {
        values.avatar = await media.storeAvatar(avatar);
        // Kept by this host for this member: theirs alone to share, as an upload is.
        await uploads.record(caller.userId, values.avatar);
      } else if (avatar !== undefined) {
        // The avatar they have, sent back with other fields, stays theirs as it was taken.
        if (avatar !== (await ownAccount(caller.userId)).avatar)
          await uploads.checkUploaded(caller, "avatar", avatar);
        values.avatar = avatar;
      }
      try {
        if (!(await updateUser(db, caller.userId, values))) throw unauthorized();
      } catch (error) {
        if (pgErrorOf(error)?.code === "23505") throw conflictOn("username", usernameTaken);
        throw error;
      } finally {
        accounts.forget([caller.userId]);
      }
      // What shows the member elsewhere (their posts, likes and comments, kept per node) is forgotten.
      await domainEvents.publish("accountChanged", { userId: caller.userId });
      return ownAccount(caller.userId);
    },
  };
}
