import {
  HIGHLIGHTS_LIMIT_REACHED,
  type Highlight,
  type highlightBody,
  type highlightUpdateBody,
} from "@flik/shared";
import type { z } from "zod";
import type { Db } from "../../db/database.js";
import { oneAtATimeFor } from "../../db/member-lock.js";
import type { Caller } from "../../platform/caller.js";
import { conflict, forbidden, notFound } from "../../platform/errors.js";
import type { MediaUploads } from "../media/media.uploads.js";
import type { RelatedMember } from "../users/users.policy.js";
import type { UsersService } from "../users/users.service.js";
import { canAddHighlight, canEditHighlight, canSeeHighlightsOf } from "./highlights.policy.js";
import {
  deleteHighlight,
  findHighlight,
  highlightsCountOf,
  highlightsOf,
  insertHighlight,
  updateHighlight,
} from "./highlights.queries.js";

type HighlightRow = NonNullable<Awaited<ReturnType<typeof findHighlight>>>;

const present = (row: HighlightRow): Highlight => ({
  _id: row.id,
  name: row.name,
  type: row.type === "video" ? "video" : "image",
  src: row.src,
});

export type HighlightsService = ReturnType<typeof createHighlightsService>;

export function createHighlightsService(deps: {
  db: Db;
  /** Who uploaded which kept file: a highlight's media must be its owner's own (media.policy). */
  uploads: Pick<MediaUploads, "checkUploaded">;
  /** Whether the caller may see a highlight's owner (a 404 rather than a 403 where not). */
  users: Pick<UsersService, "visibleMember">;
}) {
  const { db, uploads, users } = deps;

  /**
   * Only the owner edits or deletes a highlight (spec §6). Someone else's is a 403 where the caller may
   * see it, and otherwise a 404 as for none: between two who blocked, or of a private member they don't
   * follow, a 403 would tell that it exists.
   */
  async function owned(caller: Caller, id: string) {
    const row = await findHighlight(db, id);
    if (!row) throw notFound("Highlight not found");
    if (canEditHighlight(caller.userId, row)) return row;
    const owner = await users.visibleMember(caller, { id: row.userId });
    if (!owner || !canSeeHighlightsOf(caller.userId, owner, owner.relation))
      throw notFound("Highlight not found");
    throw forbidden("Only the highlight's owner can change it");
  }

  return {
    /** A member's highlights; a private member's only for their followers. */
    async list(caller: Caller, member: RelatedMember) {
      if (!canSeeHighlightsOf(caller.userId, member, member.relation)) return [];
      return (await highlightsOf(db, member.id)).map(present);
    },

    /** Refused with 409 past HIGHLIGHTS_MAX; a member's are counted and made one at a time. */
    async create(caller: Caller, input: z.output<typeof highlightBody>) {
      await uploads.checkUploaded(caller, "src", input.src);
      const row = await oneAtATimeFor(db, "highlight", caller.userId, async (tx) => {
        if (!canAddHighlight(await highlightsCountOf(tx, caller.userId))) {
          throw conflict(HIGHLIGHTS_LIMIT_REACHED);
        }
        return insertHighlight(tx, caller.userId, input);
      });
      return present(row);
    },

    async update(caller: Caller, id: string, input: z.output<typeof highlightUpdateBody>) {
      const current = await owned(caller, id);
      if (input.src !== undefined && input.src !== current.src)
        await uploads.checkUploaded(caller, "src", input.src);
      const row = await updateHighlight(db, id, input);
      if (!row) throw notFound("Highlight not found");
      return present(row);
    },

    async remove(caller: Caller, id: string) {
      await owned(caller, id);
      await deleteHighlight(db, id);
    },
  };
}
