import type { Post, PostsPage } from "@flik/shared";
import type { Db } from "../../db/database.js";
import { placeholder } from "../../db/prepared.js";
import type { Caller } from "../../platform/caller.js";
import {
  type Cursor,
  cursorInteger,
  cursorTime,
  decodeKeyCursor,
  encodeKeyCursor,
} from "../../platform/cursor.js";
import { isUuid } from "../../platform/ids.js";
import type { PostsService } from "../posts/posts.service.js";
import type { TagsService } from "../tags/tags.service.js";
import {
  MATCH_TIERS,
  recentTierPage,
  SEARCH_WORDS,
  searchWords,
  type TierAsk,
  tierPage,
} from "./search.queries.js";
import {
  closeWordsQuery,
  containsPatterns,
  plainWords,
  readSearchText,
  type SearchWord,
  wordsQuery,
} from "./search.text.js";

export type SearchService = ReturnType<typeof createSearchService>;

/** Where a page of a post search starts: after this post of that tier (a cursor's key). */
interface FoundKey {
  tier: number;
  createdAt: Date;
  id: string;
}
/** A post a search found, and how well it matched (`MATCH_TIERS`). */
type FoundRow = FoundKey;

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
  // A tier's page with its posts, among the newest posts or else all of them (search.queries
  // SEARCH_RECENT_WINDOW): one prepared statement each.
  const tierAsk = {
    query: placeholder<string>("query"),
    better: placeholder<string | null>("better"),
    tags: placeholder<string[]>("tags"),
    contains: placeholder<string[]>("contains"),
  };
  const recentTierPages = posts.foundPages("search_recent_page", (ask) => recentTierPage(db, ask), tierAsk);
  const tierPages = posts.foundPages("search_page", (ask) => tierPage(db, ask), tierAsk);

  /**
   * What a page found, tier after tier (one more row than the page, to tell whether another follows):
   * each tier's posts read with their page in one statement.
   */
  async function find(caller: Caller, q: string, after: FoundKey | undefined, wanted: number) {
    const found: { posts: Post[]; rows: FoundRow[] } = { posts: [], rows: [] };
    const add = (tier: number, page: { posts: Post[]; rows: Cursor[] }) => {
      found.posts.push(...page.posts);
      found.rows.push(...page.rows.map((row) => ({ ...row, tier })));
    };
    const asked = readSearchText(q);
    const [firstTag, ...otherTags] = asked.tags;
    if (asked.words === "") {
      if (firstTag === undefined || (after && after.tier !== MATCH_TIERS.words)) return found;
      add(MATCH_TIERS.words, await tags.withAllTags(caller, [firstTag, ...otherTags], after, wanted - 1));
      return found;
    }
    // A plain text's words are read here; any other, and the corrections of a typo, by the database.
    const plain = plainWords(asked.words, SEARCH_WORDS.most);
    let read: SearchWord[] | undefined;
    const withCorrections = async () => {
      read ??= await searchWords(db, asked.words);
      return read;
    };
    const words = plain ?? (await withCorrections());
    // Only what the parser drops (punctuation, symbols): nothing to look for.
    if (words.length === 0) return found;
    const tier = async (at: number, ask: Omit<TierAsk, "tags" | "query"> & { query: string | null }) => {
      if (ask.query === null) return;
      const cursor = after?.tier === at ? after : undefined;
      // `wanted` is the page and one more: this tier's reader reads one more than it is asked.
      const limit = wanted - 1 - found.rows.length;
      const values = { ...ask, tags: asked.tags };
      const recent = await recentTierPages(caller, { limit, cursor }, values);
      // A whole page and one more among the newest: no need to look further.
      add(at, recent.rows.length > limit ? recent : await tierPages(caller, { limit, cursor }, values));
    };
    const exact = wordsQuery(words);
    if (!after || after.tier === MATCH_TIERS.words)
      await tier(MATCH_TIERS.words, { query: exact, better: null, contains: containsPatterns(words) });
    // Posts found through a correction come after every post with the words: only for a page short of them.
    if (found.rows.length < wanted) {
      const query = closeWordsQuery(await withCorrections());
      await tier(MATCH_TIERS.closeWords, { query, better: exact, contains: [] });
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
      const page = found.rows.slice(0, query.limit);
      const shown = new Set(page.map((row) => row.id));
      const last = page.at(-1);
      return {
        posts: found.posts.filter((post) => shown.has(post._id)),
        nextCursor:
          found.rows.length > query.limit && last
            ? encodeKeyCursor([last.tier, last.createdAt.toISOString(), last.id])
            : null,
      };
    },
  };
}
