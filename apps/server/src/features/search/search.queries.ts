import { and, desc, eq, exists, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { postSearchDocument, posts, postTags, users } from "../../db/schema.js";
import { type Cursor, olderThan } from "../../platform/cursor.js";
import { findableBy } from "./search.policy.js";
import type { SearchWord } from "./search.text.js";

/** How many words of a search are searched for; and how many words close to each. */
export const SEARCH_WORDS = { most: 10, closeEach: 3, closeFromLength: 4 } as const;

/**
 * A search's words as the posts' own parser reads them (`to_tsvector('simple', …)`: the lexemes of
 * `postSearchDocument`), each with up to three words of the vocabulary close to it (pg_trgm `%`, from
 * `search_terms_trgm_idx`): not for words shorter than four letters (every short word is close to
 * many), nor words that only continue it (the word itself matches those as a prefix).
 */
export async function searchWords(db: Db, text: string): Promise<SearchWord[]> {
  const { most, closeEach, closeFromLength } = SEARCH_WORDS;
  const rows = await db
    .select({
      word: sql<string>`"w"."word"`,
      close: sql<string[]>`array(
        select "t"."term" from "search_terms" "t"
        where char_length("w"."word") >= ${closeFromLength} and "t"."term" % "w"."word"
          and left("t"."term", char_length("w"."word")) <> "w"."word"
        order by similarity("t"."term", "w"."word") desc, "t"."term"
        limit ${closeEach})`,
    })
    .from(sql`unnest(tsvector_to_array(to_tsvector('simple'::regconfig, ${text}))) as "w"("word")`)
    .limit(most);
  return rows;
}

/** A post a search found: its id, its time, and how well it matched (`MATCH_TIERS`). */
export interface FoundRow {
  id: string;
  createdAt: Date;
  tier: number;
}

/** How well a post matched, best first; within a tier, newest first. */
export const MATCH_TIERS = {
  /** It has every word of the search (each as a prefix) in its caption, tags or location. */
  words: 0,
  /** It has every word, or a word close to it (the search had a typo). */
  closeWords: 1,
} as const;

/**
 * Posts of one tier the viewer may find, newest first past `after`: those whose document matches
 * `query` (and not `better`, the tier above), carrying every one of `tags`. PostgreSQL reads the matches
 * from `posts_search_idx` for a rare word, or walks `posts_created_idx` newest first for a common one.
 */
export function matchingPosts(
  db: Db,
  viewerId: string,
  ask: { tier: number; query: string; better: string | null; tags: string[] },
  after: Cursor | undefined,
  limit: number,
): Promise<FoundRow[]> {
  const document = postSearchDocument(posts);
  const carries = (tag: string): SQL =>
    exists(
      db
        .select({ one: sql`1` })
        .from(postTags)
        .where(and(eq(postTags.postId, posts.id), eq(postTags.tag, tag))),
    );
  return db
    .select({
      id: posts.id,
      createdAt: posts.createdAt,
      tier: sql<number>`${ask.tier}::int`.mapWith(Number),
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(
      and(
        sql`${document} @@ ${ask.query}::tsquery`,
        ask.better === null ? undefined : sql`not (${document} @@ ${ask.better}::tsquery)`,
        ...ask.tags.map(carries),
        findableBy(db, viewerId, { id: posts.userId, isPrivate: users.isPrivate }),
        olderThan(after, posts.createdAt, posts.id),
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}
