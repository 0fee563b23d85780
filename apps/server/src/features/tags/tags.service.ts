import {
  normalizeTag,
  type Tag,
  type TagPageResponse,
  type TagsResponse,
  type TrendingResponse,
} from "@flik/shared";
import type { Db } from "../../db/database.js";
import { placeholder } from "../../db/prepared.js";
import type { Caller } from "../../platform/caller.js";
import { type Cursor, decodeCursor, pageOf } from "../../platform/cursor.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import { notFound } from "../../platform/errors.js";
import type { JobQueue, Jobs } from "../../platform/jobs.js";
import type { PostsService } from "../posts/posts.service.js";
import { isShownTag } from "./tags.policy.js";
import {
  postsWithAnyTag,
  postsWithTags,
  refreshTrendingTags,
  searchTags,
  TRENDS,
  tagCounts,
  trendingTagRows,
} from "./tags.queries.js";

export type TagsService = ReturnType<typeof createTagsService>;

/** The trending summary's refresh: one waiting at a time (stately), every ten minutes (UTC cron). */
export const trendingTagsQueue: JobQueue<Record<string, never>> = {
  name: "trending-tags",
  policy: "stately",
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
  cron: "*/10 * * * *",
};
/** How long a refresh asked for by a change of privacy waits, gathering the others asked meanwhile. */
export const TRENDING_REFRESH_DELAY_SECONDS = 30;
/** How many trending tags an answer lists. */
export const TRENDING_LISTED = 10;

type PageQuery = { limit: number; cursor?: string | undefined };

/**
 * Hashtags (issue 18): a tag's page, tag search and trending tags. Which posts carry which tags is
 * written with the post (posts.queries); what is shown of them is tags.policy's.
 */
export function createTagsService(deps: {
  db: Db;
  posts: PostsService;
  jobs: Jobs;
  domainEvents: DomainEvents;
}) {
  const { db, posts, jobs, domainEvents } = deps;
  jobs.define(trendingTagsQueue, (_data, { now }) => refreshTrendingTags(db, now));
  // A member gone private (or public, or deleted with their posts) changes which posts count towards
  // trends: the summary is refreshed within a minute, not up to ten minutes later, so no trend goes on
  // counting posts its tag's page no longer shows. The queue keeps one refresh waiting however many ask,
  // and it waits a little: members toggling their privacy cannot keep the 30 days' count running.
  const refreshSoon = async () => {
    await jobs.send(trendingTagsQueue, {}, { startAfter: TRENDING_REFRESH_DELAY_SECONDS });
  };
  domainEvents.on("privacyChanged", refreshSoon);
  domainEvents.on("memberDeleted", refreshSoon);

  // A page of a tag's posts, or of an explore topic's, read with its posts (one prepared statement).
  const taggedPages = posts.foundPages(
    "tagged_page",
    (ask) => postsWithTags(db, ask.viewerId, ask.tag, ask.others, ask.cursor, ask.limit).as("page"),
    { tag: placeholder<string>("tag"), others: placeholder<string[]>("others") },
  );
  const topicPages = posts.foundPages(
    "topic_page",
    (ask) => postsWithAnyTag(db, ask.viewerId, ask.names, ask.cursor, ask.limit).as("page"),
    { names: placeholder<string[]>("names") },
  );

  /** Tags with their counts as the caller sees them, in the order given, without those they see none of. */
  async function counted(caller: Caller, names: string[]): Promise<Tag[]> {
    const counts = await tagCounts(db, caller.userId, names);
    return names.map((name) => ({ name, postsCount: counts.get(name) ?? 0 })).filter(isShownTag);
  }

  return {
    /**
     * GET /tags/{name}/posts: the posts carrying the tag that the caller may see, newest first. A tag
     * none of whose posts the caller may see is, to them, no tag: the same 404 as a tag nobody used.
     */
    async page(caller: Caller, name: string, query: PageQuery): Promise<TagPageResponse> {
      const tag = normalizeTag(name);
      if (!tag) throw notFound("Tag not found");
      const after = decodeCursor(query.cursor);
      const page = await taggedPages(caller, { limit: query.limit, cursor: after }, { tag, others: [] });
      if (!after && page.rows.length === 0) throw notFound("Tag not found");
      const counts = await tagCounts(db, caller.userId, [tag]);
      return {
        tag: { name: tag, postsCount: counts.get(tag) ?? 0 },
        posts: page.posts,
        nextCursor: pageOf(page.rows, query.limit, (row) => row).nextCursor,
      };
    },

    /** GET /tags/search?q=: the tag itself, tags starting with the text, then tags close to it. */
    async search(caller: Caller, text: string, limit: number): Promise<TagsResponse> {
      const tag = normalizeTag(text);
      if (!tag) return { tags: [] };
      // Twice as many as asked, as some may be tags the caller sees no post of.
      const shown = await counted(caller, await searchTags(db, tag, limit * 2));
      return { tags: shown.slice(0, limit) };
    },

    /** GET /tags/trending: the last refresh's summary, as the caller sees its tags. */
    async trending(caller: Caller): Promise<TrendingResponse> {
      const rows = await trendingTagRows(db, TRENDS.kept);
      const recent = new Map(rows.map((row) => [row.name, row.recentCount]));
      const shown = await counted(
        caller,
        rows.map((row) => row.name),
      );
      return {
        tags: shown
          .slice(0, TRENDING_LISTED)
          .map((tag) => ({ ...tag, recentCount: recent.get(tag.name) ?? 0 })),
      };
    },

    /**
     * A page of `limit` posts carrying all of `names` that the caller may see, newest first, past
     * `after` (a `#tag` search); `rows` has one more when another page follows.
     */
    withAllTags: (
      caller: Caller,
      [tag, ...others]: [string, ...string[]],
      after: Cursor | undefined,
      limit: number,
    ) => taggedPages(caller, { limit, cursor: after }, { tag, others }),

    /** The same for the posts carrying any of `names` (an explore topic). */
    withAnyTag: (caller: Caller, names: string[], after: Cursor | undefined, limit: number) =>
      topicPages(caller, { limit, cursor: after }, { names }),
  };
}
