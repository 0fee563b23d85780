import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { postTags, tags, trendingTags, users } from "../../db/schema.js";
import { type Cursor, olderThan } from "../../platform/cursor.js";
import { countsTowardTrends, TAG_COUNT_EXACT_UP_TO, taggedPostVisibleTo } from "./tags.policy.js";

const visible = (db: Db, viewerId: string) =>
  taggedPostVisibleTo(db, viewerId, { id: postTags.userId, isPrivate: users.isPrivate });

const otherTag = alias(postTags, "other_tag");

/**
 * Posts carrying `tag` and every one of `others`, newest first, that the viewer may see: a walk of the
 * tag's index (`post_tags_tag_created_idx`) from the cursor on, each post's other tags probed by its
 * primary key. A tag page and a `#tag` search: a page of ids, read with its posts by the posts feature.
 */
export function postsWithTags(
  db: Db,
  viewerId: string,
  tag: string,
  others: string[],
  after: Cursor | undefined,
  limit: number,
) {
  const missing = db
    .select({ one: sql`1` })
    .from(sql`unnest(${others}::text[]) as "wanted"("tag")`)
    .where(
      sql`not exists (${db
        .select({ one: sql`1` })
        .from(otherTag)
        .where(and(eq(otherTag.postId, postTags.postId), sql`${otherTag.tag} = "wanted"."tag"`))})`,
    );
  return db
    .select({ id: postTags.postId, createdAt: postTags.createdAt })
    .from(postTags)
    .innerJoin(users, eq(users.id, postTags.userId))
    .where(
      and(
        eq(postTags.tag, tag),
        sql`not exists (${missing})`,
        visible(db, viewerId),
        olderThan(after, postTags.createdAt, postTags.postId),
      ),
    )
    .orderBy(desc(postTags.createdAt), desc(postTags.postId))
    .limit(limit);
}

/**
 * Posts carrying any of `names`, newest first, that the viewer may see (an explore topic): the newest
 * `limit` of each tag past the cursor (a bounded walk of its index each), merged, each post once.
 */
export function postsWithAnyTag(
  db: Db,
  viewerId: string,
  names: string[],
  after: Cursor | undefined,
  limit: number,
) {
  const hits = db
    .select({ postId: postTags.postId, createdAt: postTags.createdAt })
    .from(postTags)
    .innerJoin(users, eq(users.id, postTags.userId))
    .where(
      and(
        sql`${postTags.tag} = "topic"."tag"`,
        visible(db, viewerId),
        olderThan(after, postTags.createdAt, postTags.postId),
      ),
    )
    .orderBy(desc(postTags.createdAt), desc(postTags.postId))
    .limit(limit)
    .as("hits");
  return db
    .selectDistinct({ id: hits.postId, createdAt: hits.createdAt })
    .from(sql`unnest(${names}::text[]) as "topic"("tag")`)
    .crossJoinLateral(hits)
    .orderBy(desc(hits.createdAt), desc(hits.postId))
    .limit(limit);
}

/**
 * The `postsCount` of each of these tags as the viewer sees it (tags.policy `TAG_COUNT_EXACT_UP_TO`):
 * their posts the viewer may see, counted from the tag's index, for a tag of at most that many posts;
 * the tag's kept count past it. One statement for a whole list of tags.
 */
export async function tagCounts(db: Db, viewerId: string, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const seen = db
    .select({ count: sql`count(*)` })
    .from(postTags)
    .innerJoin(users, eq(users.id, postTags.userId))
    .where(and(eq(postTags.tag, tags.name), visible(db, viewerId)));
  const rows = await db
    .select({
      name: tags.name,
      postsCount:
        sql<number>`case when ${tags.postsCount} <= ${TAG_COUNT_EXACT_UP_TO} then (${seen}) else ${tags.postsCount} end`.mapWith(
          Number,
        ),
    })
    .from(tags)
    .where(inArray(tags.name, names));
  return new Map(rows.map((row) => [row.name, row.postsCount]));
}

/**
 * Tags matching a search text (normalised as a tag): the tag itself, then tags starting with it (most
 * used first), then tags close to it (pg_trgm `%`, most alike first); tags no post carries any more
 * are left out. Read from `tags_name_trgm_idx`.
 */
export async function searchTags(db: Db, text: string, limit: number): Promise<string[]> {
  const prefixed: SQL = sql`${tags.name} like ${`${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
  const rows = await db
    .select({ name: tags.name })
    .from(tags)
    .where(and(sql`${tags.postsCount} > 0`, sql`(${prefixed} or ${tags.name} % ${text})`))
    .orderBy(
      sql`${tags.name} = ${text} desc`,
      sql`${prefixed} desc`,
      sql`case when ${prefixed} then ${tags.postsCount} else 0 end desc`,
      sql`similarity(${tags.name}, ${text}) desc`,
      tags.name,
    )
    .limit(limit);
  return rows.map((row) => row.name);
}

/** The trending tags of the last refresh, best first, with their use in the last 24 hours. */
export function trendingTagRows(db: Db, limit: number) {
  return db
    .select({ name: trendingTags.tag, recentCount: trendingTags.recentCount })
    .from(trendingTags)
    .orderBy(desc(trendingTags.score), desc(trendingTags.recentCount), trendingTags.tag)
    .limit(limit);
}

/** How trending is computed (README, Search and explore). */
export const TRENDS = {
  /** "Recent" is the last this many hours before the refresh. */
  recentHours: 24,
  /** A tag's usual rate is its daily average over the days before those hours, this many in all. */
  baselineDays: 30,
  /**
   * Added to the usual daily rate before dividing by it: a tag used once where it never was is not
   * infinitely trending, and between two tags rising alike the more used one comes first.
   */
  smoothing: 2,
  /** How many tags the summary keeps (the answer shows fewer: those the viewer may see). */
  kept: 50,
} as const;

/**
 * Replaces the trending summary with one computed at `now` (the `trending-tags` job): for every tag used
 * in the last 30 days by posts every member may see (tags.policy `countsTowardTrends`), its use in the
 * last 24 hours against its daily average before: recent / (baseline + smoothing), so a tag that is
 * always popular does not win forever. One range read of `post_tags_created_idx` and the authors'
 * privacy, in one transaction: readers see the old summary or the new one.
 */
export async function refreshTrendingTags(db: Db, now: Date) {
  const { recentHours, baselineDays, smoothing, kept } = TRENDS;
  const recentSince = new Date(now.getTime() - recentHours * 3_600_000);
  const baselineSince = new Date(now.getTime() - baselineDays * 86_400_000);
  const baselineDaysBefore = baselineDays - recentHours / 24;
  const uses = db
    .select({
      tag: postTags.tag,
      recentCount: sql<number>`count(*) filter (where ${postTags.createdAt} > ${recentSince})::int`.as(
        "recent_count",
      ),
      baselineDaily:
        sql<number>`(count(*) filter (where ${postTags.createdAt} <= ${recentSince}))::float8 / ${baselineDaysBefore}`.as(
          "baseline_daily",
        ),
    })
    .from(postTags)
    .innerJoin(users, eq(users.id, postTags.userId))
    .where(
      and(
        sql`${postTags.createdAt} > ${baselineSince}`,
        sql`${postTags.createdAt} <= ${now}`,
        countsTowardTrends(users),
      ),
    )
    .groupBy(postTags.tag)
    .as("uses");
  const score = sql<number>`${uses.recentCount} / (${uses.baselineDaily} + ${smoothing})`;
  await db.transaction(async (tx) => {
    await tx.delete(trendingTags);
    await tx.insert(trendingTags).select(
      tx
        .select({
          tag: uses.tag,
          recentCount: uses.recentCount,
          baselineDaily: uses.baselineDaily,
          score: sql<number>`${score}`.as("score"),
          refreshedAt: sql<Date>`${now}::timestamptz`.as("refreshed_at"),
        })
        .from(uses)
        .where(sql`${uses.recentCount} > 0`)
        .orderBy(sql`${score} desc`, desc(uses.recentCount), uses.tag)
        .limit(kept),
    );
  });
}
