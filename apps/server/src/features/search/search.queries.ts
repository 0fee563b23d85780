import { and, desc, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { perDatabase, placeholder } from "../../db/prepared.js";
import { postSearchDocument, posts, postTags, users } from "../../db/schema.js";
import { olderThan } from "../../platform/cursor.js";
import type { FoundPageAsk } from "../posts/posts.service.js";
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
const prepareSearchWords = perDatabase((db) => {
  const { most, closeEach, closeFromLength } = SEARCH_WORDS;
  return db
    .select({
      word: sql<string>`"w"."word"`,
      close: sql<string[]>`array(
        select "t"."term" from "search_terms" "t"
        where char_length("w"."word") >= ${closeFromLength} and "t"."term" % "w"."word"
          and left("t"."term", char_length("w"."word")) <> "w"."word"
        order by similarity("t"."term", "w"."word") desc, "t"."term"
        limit ${closeEach})`,
    })
    .from(
      sql`unnest(tsvector_to_array(to_tsvector('simple'::regconfig, ${placeholder("text")}::text))) as "w"("word")`,
    )
    .limit(most)
    .prepare("search_words");
});

export function searchWords(db: Db, text: string): Promise<SearchWord[]> {
  return prepareSearchWords(db).execute({ text });
}

/** How well a post matched, best first; within a tier, newest first. */
export const MATCH_TIERS = {
  /** It has every word of the search (each as a prefix) in its caption, tags or location. */
  words: 0,
  /** It has every word, or a word close to it (the search had a typo). */
  closeWords: 1,
} as const;

/**
 * How many of the newest posts (past the cursor) a search looks through first (`recentTierPage`).
 * Where a page of them has the words (a common word), that is the page, in one prepared statement
 * whose plan is the same whatever the words: PostgreSQL plans it once. Otherwise `tierPage` asks the
 * whole index. Before this, one statement let the planner choose between walking the newest posts and
 * reading every match from the index by its estimate of how many posts have the words: good for one
 * word, not for several found together (it took "golden" and "hour" for independent and read the
 * 5,000 posts that have both, 30 ms, where the newest 1,000 hold a page), and planned every time
 * (1.5 ms). A word no post has pays for the walk: 1,000 documents, a few ms.
 */
export const SEARCH_RECENT_WINDOW = 1000;

/**
 * A tier's ask: the posts matching `query` (a tsquery), not `better` (the tier above), with every tag;
 * `contains`: `like` patterns the lower-cased text of a matching post cannot miss (each word of the
 * search, as a prefix is a substring), checked before the document is parsed (`to_tsvector` is by far
 * the dearest part of looking at a post); none for a tier of alternatives.
 */
export interface TierAsk {
  query: string;
  better: string | null;
  tags: string[];
  contains: string[];
}

type Source = {
  id: AnyPgColumn;
  userId: AnyPgColumn;
  caption: AnyPgColumn;
  tags: AnyPgColumn;
  location: AnyPgColumn;
};

/**
 * Whether the post in `source` matches a tier's ask, and the viewer may find it. `opaque` hides the
 * words from the planner (each value behind a scalar subquery): its estimates, and so its plan, are
 * then the same whatever they are, and a prepared statement keeps one plan instead of planning again
 * for each search (PostgreSQL plans anew while a plan for the values looks much cheaper than one for
 * any values, as a common word's does).
 */
function matches(db: Db, ask: FoundPageAsk<TierAsk>, source: Source, opaque: boolean) {
  // Cast once more outside the subquery: `like all ((select …))` would read as a subquery of rows.
  const value = (placeholder: unknown, type: string) =>
    opaque
      ? sql`(select ${placeholder}::${sql.raw(type)})::${sql.raw(type)}`
      : sql`${placeholder}::${sql.raw(type)}`;
  const document = postSearchDocument(source);
  const [contains, query, better, tags] = [
    value(ask.contains, "text[]"),
    value(ask.query, "tsquery"),
    value(ask.better, "tsquery"),
    value(ask.tags, "text[]"),
  ];
  // The `like` check runs first (PostgreSQL runs a row's cheaper checks first) but must not count in
  // the planner's estimate of matches: it takes patterns it cannot see for matching 0.5 % of rows,
  // independently of the words, so a word 9 % of posts have looked like one match, and it read and
  // sorted every match (59 ms on the bench's data) instead of walking the newest posts to a page
  // (10 ms). Behind `coalesce` the check counts for one half, the planner's guess for what it cannot
  // look into, and the full-text index's own estimate of the words decides.
  return and(
    sql`coalesce(lower(${source.caption} || ' ' || ${source.tags} || ' ' || ${source.location}) like all (${contains}), true)`,
    sql`${document} @@ ${query}`,
    sql`(${better} is null or not (${document} @@ ${better}))`,
    sql`not exists (select 1 from unnest(${tags}) as "wanted"("tag")
      where not exists (select 1 from ${postTags} where ${postTags.postId} = ${source.id} and ${postTags.tag} = "wanted"."tag"))`,
    findableBy(db, ask.viewerId, { id: source.userId, isPrivate: users.isPrivate }),
  );
}

/**
 * The ids of a page of one tier among the newest SEARCH_RECENT_WINDOW posts past the cursor, newest
 * first: those whose document matches `query` and not `better`, carrying every one of `tags` exactly,
 * that the viewer may find. Read with its posts by the posts feature, in one prepared statement.
 */
export function recentTierPage(db: Db, ask: FoundPageAsk<TierAsk>) {
  // Written out, not a parameter (as Drizzle's limit would make it): for a limit it does not know the
  // planner assumes a tenth of the table, and would plan again for every search.
  const newest = db
    .$with("newest", {
      id: posts.id,
      userId: posts.userId,
      caption: posts.caption,
      tags: posts.tags,
      location: posts.location,
      createdAt: posts.createdAt,
    })
    .as(
      sql`select ${posts.id}, ${posts.userId}, ${posts.caption}, ${posts.tags}, ${posts.location}, ${posts.createdAt}
        from ${posts} where ${olderThan(ask.cursor, posts.createdAt, posts.id) ?? sql`true`}
        order by ${posts.createdAt} desc, ${posts.id} desc limit ${sql.raw(String(SEARCH_RECENT_WINDOW))}`,
    );
  return db
    .with(newest)
    .select({ id: newest.id })
    .from(newest)
    .innerJoin(users, eq(users.id, newest.userId))
    .where(matches(db, ask, newest, true))
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(ask.limit)
    .as("page");
}

/**
 * The same page among every post past the cursor: PostgreSQL reads the matches from `posts_search_idx`
 * (a rare word: few of them) or walks `posts_created_idx`, whichever it estimates cheaper for the words.
 */
export function tierPage(db: Db, ask: FoundPageAsk<TierAsk>) {
  return db
    .select({ id: posts.id })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(matches(db, ask, posts, false), olderThan(ask.cursor, posts.createdAt, posts.id)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(ask.limit)
    .as("page");
}
