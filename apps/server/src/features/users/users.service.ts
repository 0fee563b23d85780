import type { User, updateProfileBody } from "@flik/shared";
import type { z } from "zod";
import { type Db, pgErrorOf } from "../../db/database.js";
import type { UserRow } from "../../db/schema.js";
import { conflict, notFound, unauthorized } from "../../platform/errors.js";
import type { FollowsService } from "../follows/follows.service.js";
import type { MediaService } from "../media/media.service.js";
import type { Caller } from "../sessions/sessions.service.js";
import { presentPublic, presentSelf } from "./users.presenter.js";
import {
  findUserById,
  findUserByUsername,
  profileStats,
  searchUsers,
  updateUser,
  usernameTakenByOther,
} from "./users.queries.js";

const usernameTaken = "That username is already taken";

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: { db: Db; follows: FollowsService; media: MediaService }) {
  const { db, follows, media } = deps;

  async function presentOwn(row: UserRow): Promise<User> {
    const [followers, following] = await Promise.all([
      follows.followerIdsOf(row.id),
      follows.followingIdsOf(row.id),
    ]);
    return presentSelf(row, { followers, following, blockedUsers: [] });
  }

  return {
    /** GET /user/search (spec §7): members by username or name, for the chat screen and explore. */
    search: (text: string, limit: number) => searchUsers(db, text, limit),

    /** The caller's own account; a session whose member was deleted counts as signed out. */
    async me(caller: Caller) {
      const row = await findUserById(db, caller.userId);
      if (!row) throw unauthorized();
      return presentOwn(row);
    },

    /** The member behind an id, for rules that need to know who they are. */
    async member(id: string) {
      const row = await findUserById(db, id);
      if (!row) throw notFound("Member not found");
      return row;
    },

    async byUsername(username: string) {
      const row = await findUserByUsername(db, username);
      if (!row) throw notFound("Member not found");
      return row;
    },

    async publicProfile(row: UserRow, viewerId: string) {
      return presentPublic(row, await profileStats(db, row.id, viewerId));
    },

    /** PUT /profile/update and PUT /user: only the fields sent change; a data URL avatar is stored first. */
    async update(caller: Caller, input: z.output<typeof updateProfileBody>) {
      if (input.username && (await usernameTakenByOther(db, input.username, caller.userId))) {
        throw conflict(usernameTaken);
      }
      const { avatar, ...fields } = input;
      const values: Partial<UserRow> = { ...fields };
      if (avatar !== undefined)
        values.avatar = avatar.startsWith("data:") ? await media.storeAvatar(avatar) : avatar;
      try {
        const row = await updateUser(db, caller.userId, values);
        if (!row) throw unauthorized();
        return presentOwn(row);
      } catch (error) {
        if (pgErrorOf(error)?.code === "23505") throw conflict(usernameTaken);
        throw error;
      }
    },
  };
}
