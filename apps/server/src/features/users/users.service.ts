import type { Db } from "../../db/database.js";
import { unauthorized } from "../../platform/errors.js";
import type { Caller } from "../sessions/sessions.service.js";
import { presentSelf } from "./users.presenter.js";
import { findUserById } from "./users.queries.js";

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: { db: Db }) {
  return {
    /** The caller's own account; a session whose member was deleted counts as signed out. */
    async me(caller: Caller) {
      const row = await findUserById(deps.db, caller.userId);
      if (!row) throw unauthorized();
      return presentSelf(row);
    },

    exists: async (id: string) => (await findUserById(deps.db, id)) !== undefined,
  };
}
