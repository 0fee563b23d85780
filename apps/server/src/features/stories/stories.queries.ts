import { and, asc, count, desc, eq, exists, gt, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { follows, stories, storyViews, users } from "../../db/schema.js";
import { type Cursor, olderThan } from "../../platform/cursor.js";
import { relationTo } from "../users/users.policy.js";
import { storyAuthorVisibleTo, viewerShownTo } from "./stories.policy.js";

const authorFields = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  avatar: users.avatar,
  isPrivate: users.isPrivate,
};

/** Whether the viewer has opened the story in the row: a probe of the story_views primary key. */
const viewedBy = (db: Db, viewerId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(storyViews)
      .where(and(eq(storyViews.storyId, stories.id), eq(storyViews.viewerId, viewerId))),
  ).mapWith(Boolean);

/** A story with its author, the viewer's relation to the author and whether the viewer opened it. */
export async function findStoryAs(db: Db, viewerId: string, storyId: string) {
  const [row] = await db
    .select({
      story: stories,
      author: authorFields,
      relation: relationTo(db, viewerId, stories.userId),
      viewed: viewedBy(db, viewerId),
    })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.userId))
    .where(eq(stories.id, storyId));
  return row;
}
export type StoryWithAuthor = NonNullable<Awaited<ReturnType<typeof findStoryAs>>>;
/** What the presenter needs of a row. */
export type StoryRead = Pick<StoryWithAuthor, "story" | "author" | "viewed">;

/**
 * The member's strip in one statement, however many members they follow: the live stories (made since
 * `since`, not marked expired) of the member and of each member they follow whose content they may see,
 * each author's read from the live index, with whether the member opened each. Ordered by author, then
 * oldest first; the service groups and orders the groups.
 */
export function stripOf(db: Db, viewerId: string, since: Date): Promise<StoryRead[]> {
  const authors = db
    .$with("authors")
    .as(
      unionAll(
        db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, viewerId)),
        db.select({ id: users.id }).from(users).where(eq(users.id, viewerId)),
      ),
    );
  return db
    .with(authors)
    .select({ story: stories, author: authorFields, viewed: viewedBy(db, viewerId) })
    .from(authors)
    .innerJoin(users, and(eq(users.id, authors.id), storyAuthorVisibleTo(db, viewerId, users)))
    .innerJoin(
      stories,
      and(eq(stories.userId, authors.id), isNull(stories.expiredAt), gt(stories.createdAt, since)),
    )
    .orderBy(asc(stories.userId), asc(stories.createdAt), asc(stories.id));
}

/** One member's live stories (made since `since`, not marked expired), oldest first, as a strip has them. */
export function liveStoriesOf(db: Db, viewerId: string, memberId: string, since: Date): Promise<StoryRead[]> {
  return db
    .select({ story: stories, author: authorFields, viewed: viewedBy(db, viewerId) })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.userId))
    .where(and(eq(stories.userId, memberId), isNull(stories.expiredAt), gt(stories.createdAt, since)))
    .orderBy(asc(stories.createdAt), asc(stories.id));
}

/** A page of the owner's stories, live and expired, newest first (one more than `limit` is asked). */
export function archivePage(
  db: Db,
  ownerId: string,
  limit: number,
  cursor: Cursor | undefined,
): Promise<StoryRead[]> {
  return db
    .select({ story: stories, author: authorFields, viewed: sql<boolean>`true`.mapWith(Boolean) })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.userId))
    .where(and(eq(stories.userId, ownerId), olderThan(cursor, stories.createdAt, stories.id)))
    .orderBy(desc(stories.createdAt), desc(stories.id))
    .limit(limit);
}

/** How many live stories the member has (a range of the partial index stories_live_user_created_idx). */
export async function liveStoriesCountOf(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ live: count() })
    .from(stories)
    .where(and(eq(stories.userId, userId), isNull(stories.expiredAt), gt(stories.createdAt, since)));
  return row?.live ?? 0;
}

/** Stores a new story and answers it with its author (the member who made it). */
export async function insertStory(
  db: Db,
  values: { userId: string; mediaType: string; mediaUrl: string; createdAt: Date },
): Promise<StoryRead> {
  const made = db.$with("made").as(db.insert(stories).values(values).returning());
  const [row] = await db
    .with(made)
    .select({ story: made._.selectedFields, author: authorFields })
    .from(made)
    .innerJoin(users, eq(users.id, made.userId));
  if (!row) throw new Error("insert into stories returned no row");
  return { story: row.story, author: row.author, viewed: true };
}

export async function deleteStory(db: Db, storyId: string) {
  await db.delete(stories).where(eq(stories.id, storyId));
}

/**
 * Records that the viewer opened the story, in one statement: the view is stored unless it was already
 * (the primary key), and the story's count is raised only when it was, so repeated views count once
 * whatever their timing. Answers the count after it, whether this view was new, and the viewer as the
 * owner is told of them.
 */
export async function recordView(db: Db, storyId: string, viewerId: string, at: Date) {
  const inserted = db
    .$with("inserted")
    .as(
      db
        .insert(storyViews)
        .values({ storyId, viewerId, createdAt: at })
        .onConflictDoNothing()
        .returning({ storyId: storyViews.storyId }),
    );
  const raised = db.$with("raised").as(
    db
      .update(stories)
      .set({ viewersCount: sql`${stories.viewersCount} + 1` })
      .where(inArray(stories.id, db.select({ id: inserted.storyId }).from(inserted)))
      .returning({ count: stories.viewersCount }),
  );
  const [row] = await db
    .with(inserted, raised)
    .select({
      newly: sql<boolean>`exists (select 1 from ${raised})`.mapWith(Boolean),
      // The story as it was before this statement, when the count was not raised by it.
      viewersCount:
        sql<number>`coalesce((select ${raised.count} from ${raised}), ${stories.viewersCount})`.mapWith(
          Number,
        ),
      viewer: { _id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar },
    })
    .from(stories)
    .innerJoin(users, eq(users.id, viewerId))
    .where(eq(stories.id, storyId));
  return row;
}

/**
 * The story's newest `limit` viewers, newest view first, from its views index; viewers blocked either
 * way with the owner are left out.
 */
export function viewersOf(db: Db, storyId: string, ownerId: string, limit: number) {
  return db
    .select({
      _id: users.id,
      username: users.username,
      fullName: users.fullName,
      avatar: users.avatar,
      viewedAt: storyViews.createdAt,
    })
    .from(storyViews)
    .innerJoin(users, eq(users.id, storyViews.viewerId))
    .where(and(eq(storyViews.storyId, storyId), viewerShownTo(db, ownerId, storyViews.viewerId)))
    .orderBy(desc(storyViews.createdAt), desc(storyViews.viewerId))
    .limit(limit);
}

/** Marks the stories made before `before` that are not marked yet; answers how many. */
export async function markExpired(db: Db, before: Date, at: Date): Promise<number> {
  const marked = await db
    .update(stories)
    .set({ expiredAt: at })
    .where(and(isNull(stories.expiredAt), lte(stories.createdAt, before)))
    .returning({ id: stories.id });
  return marked.length;
}

/**
 * Deletes up to `limit` views stored before `before`, oldest first, from the views' time index; answers
 * how many (the caller repeats while a whole batch went, so no statement holds many rows at once).
 */
export async function deleteViewsBefore(db: Db, before: Date, limit: number): Promise<number> {
  const batch = db
    .select({ storyId: storyViews.storyId, viewerId: storyViews.viewerId })
    .from(storyViews)
    .where(lt(storyViews.createdAt, before))
    .orderBy(asc(storyViews.createdAt))
    .limit(limit);
  const deleted = await db
    .delete(storyViews)
    .where(sql`(${storyViews.storyId}, ${storyViews.viewerId}) in ${batch}`)
    .returning({ storyId: storyViews.storyId });
  return deleted.length;
}
