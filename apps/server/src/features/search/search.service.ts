import type { PostsPage } from "@flik/shared";
import type { Db } from "../../db/database.js";
import type { Caller } from "../../platform/caller.js";
import { cursorInteger, cursorTime, decodeKeyCursor, encodeKeyCursor } from "../../platform/cursor.js";
import { isUuid } from "../../platform/ids.js";
import type { PostsService } from "../posts/posts.service.js";
import type { TagsService } from "../tags/tags.service.js";
import { type FoundRow, MATCH_TIERS, matchingPosts, searchWords } from "./search.queries.js";
import { closeWordsQuery, readSearchText, wordsQuery } from "./search.text.js";

export type SearchService = ReturnType<typeof createSearchService>;

/** Where a page of a post search starts: after this post of that tier (a cursor's key). */
interface FoundKey {
  tier: number;
  createdAt: Date;
  id: string;
}

function foundKey([tier, time, id, ...rest]: unknown[]): FoundKey | undefined {
  const key = {
    tier: cursorInteger(tier, MATCH_TIERS.words, MATCH_TIERS.closeWords),
    createdAt: cursorTime(time),
  };
  if (key.tier === undefined || !key.createdAt || !isUuid(id) || rest.length > 0) return undefined;
  return { tier: key.tier, createdAt: key.createdAt, id };
}

/**
 * Post search (issue 18, spec §7 GET /posts/search): captions, tags and locations, full text under the
 * `simple` configuration, a misspelt word answered by the words close to it, `#tag` searching that tag
 * exactly. Posts that have the words come first, then those found through a correction; newest first
 * within each. Found as pages of ids in that order, then read through the one post pipeline.
 */
export function createSearchService(deps: { db: Db; posts: PostsService; tags: TagsService }) {
  const { db, posts, tags } = deps;

  /** The found rows of a page (one more than the page, to tell whether another follows). */
  async function find(caller: Caller, q: string, after: FoundKey | undefined, wanted: number) {
    const asked = readSearchText(q);
    if (asked.words === "") {
      if (asked.tags.length === 0 || (after && after.tier !== MATCH_TIERS.words)) return [];
      const rows = await tags.withAllTags(caller, asked.tags, after, wanted);
      return rows.map((row): FoundRow => ({ ...row, tier: MATCH_TIERS.words }));
    }
    const words = await searchWords(db, asked.words);
    // Only what the parser drops (punctuation, symbols): nothing to look for.
    if (words.length === 0) return [];
    const tiers = [
      { tier: MATCH_TIERS.words, query: wordsQuery(words), better: null },
      { tier: MATCH_TIERS.closeWords, query: closeWordsQuery(words), better: wordsQuery(words) },
    ];
    const found: FoundRow[] = [];
    for (const { tier, query, better } of tiers) {
      if (query === null || found.length >= wanted || (after && after.tier > tier)) continue;
      const from = after?.tier === tier ? after : undefined;
      const ask = { tier, query, better, tags: asked.tags };
      found.push(...(await matchingPosts(db, caller.userId, ask, from, wanted - found.length)));
    }
    return found;
  }

  return {
    async search(
      caller: Caller,
      query: { q: string; limit: number; cursor?: string | undefined },
    ): Promise<PostsPage> {
      const after = decodeKeyCursor(query.cursor, foundKey);
      const found = await find(caller, query.q, after, query.limit + 1);
      const page = found.slice(0, query.limit);
      const last = page.at(-1);
      return {
        posts: await posts.postsByIds(
          caller,
          page.map((row) => row.id),
        ),
        nextCursor:
          found.length > query.limit && last
            ? encodeKeyCursor([last.tier, last.createdAt.toISOString(), last.id])
            : null,
      };
    },
  };
}
