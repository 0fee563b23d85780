import { and, desc, eq, inArray, type Placeholder, type Subquery, sql } from "drizzle-orm";
import { type AnyPgColumn, alias, unionAll } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { perDatabase, placeholder, preparedByIds, preparedPaging } from "../../db/prepared.js";
import {
  follows,
  notifications,
  postComments,
  postLikes,
  postShares,
  posts,
  postTags,
  users,
} from "../../db/schema.js";
import { type Cursor, olderThan } from "../../platform/cursor.js";
import { contentVisibleTo, notBlockedBetween, relationTo } from "../users/users.policy.js";
import {
  type CommentTuple,
  deepEnough,
  type LikerTuple,
  nothingSeen,
  type PostSummaries,
  type PostSummariesCache,
  type SummariesSeen,
  summariesAsSeen,
} from "./posts.summaries-cache.js";

/** A post row with its author and the viewer's relation to the author: what the rules need. */
function postWithAuthorFields(db: Db, viewerId: string) {
  return {
    post: posts,
    author: {
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      avatar: users.avatar,
      isPrivate: users.isPrivate,
      followersCount: users.followersCount,
    },
    relation: relationTo(db, viewerId, posts.userId),
  };
}

function postAsSeenBy(db: Db, viewerId: string) {
  return db
    .select(postWithAuthorFields(db, viewerId))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId));
}
export type PostWithAuthor = Awaited<ReturnType<typeof findPostWithAuthor>> & {};

/** How many of its newest likers and comments each post of a read carries. */
export interface Listed {
  likers: number;
  comments: number;
}

/**
 * What a read of a post holds for its viewer beside the post and its author, read fresh with every page
 * (each a key lookup): the viewer's own like, and whom the viewer blocks or is blocked by (computed once
 * per statement), to leave out of the kept likers and comments.
 */
function viewerPartsOf(viewerId: string) {
  return {
    ownLike: sql<[emoji: string, username: string] | null>`(select json_build_array(pl.emoji, u.username)
      from post_likes pl join users u on u.id = pl.user_id where pl.post_id = ${posts.id} and pl.user_id = ${viewerId})`,
    hidden: sql<string[]>`(select coalesce(json_agg(b.id), '[]'::json) from (
      select blocked_id as id from blocks where blocker_id = ${viewerId}
      union select blocker_id from blocks where blocked_id = ${viewerId}) b)`,
  };
}

/** Posts with their authors, the viewer's relation to each and the viewer's parts: a page's statement. */
function postsSeenBy(db: Db, viewerId: string) {
  return db
    .select({ ...postWithAuthorFields(db, viewerId), ...viewerPartsOf(viewerId) })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId));
}
type SeenRow = Awaited<ReturnType<ReturnType<typeof postsSeenBy>["execute"]>>[number];

/**
 * A post as its viewer reads it: the post, its author, the viewer's relation to the author, and its
 * newest likers and comments as the viewer may see them (members blocked either way, `hidden`, left
 * out; the counts stay the post's), with the viewer's own like.
 */
export type PostRead = Omit<SeenRow, "ownLike"> & {
  summaries: SummariesSeen & { ownLike: SeenRow["ownLike"] };
};

/**
 * Posts' newest likers and comments, for anyone (`post_summaries`): bounded walks of the likes and
 * comments indexes, aggregated to JSON, newest first. The walks read only what the indexes carry
 * (migration 0018), so a post with thousands of likes costs what any post costs; a listed comment's
 * text is read by its key.
 */
export function summariesStatement(db: Db, asked: PostsAsked, depth: Listed) {
  // `posts.id` written out: from a single table drizzle names a column unqualified, and inside the
  // subqueries "id" would be the like's or comment's own.
  return db
    .select({
      id: posts.id,
      likesCount: posts.likesCount,
      commentsCount: posts.commentsCount,
      likers: sql<
        LikerTuple[]
      >`(select coalesce(json_agg(json_build_array(l.user_id, u.username, l.emoji) order by l.created_at desc, l.user_id), '[]'::json)
        from (select user_id, emoji, created_at from post_likes where post_id = posts.id order by created_at desc limit ${depth.likers}) l
        join users u on u.id = l.user_id)`,
      comments: sql<
        CommentTuple[]
      >`(select coalesce(json_agg(json_build_array(c.id, pc.text, c.created_at, u.id, u.username, u.avatar) order by c.created_at desc, c.id desc), '[]'::json)
        from (select id, user_id, created_at from post_comments where post_id = posts.id order by created_at desc, id desc limit ${depth.comments}) c
        join post_comments pc on pc.id = c.id
        join users u on u.id = c.user_id)`,
    })
    .from(posts)
    .where(postIn(asked));
}

/** The posts a statement reads: one compared by `=`, or many as one array (`preparedByIds`). */
export type PostsAsked = { id: string | Placeholder } | { ids: string[] | Placeholder };

function postIn(asked: PostsAsked) {
  if ("id" in asked) return eq(posts.id, asked.id);
  // An array of ids is one parameter (a placeholder is one already).
  return sql`${posts.id} = any(${Array.isArray(asked.ids) ? sql.param(asked.ids) : asked.ids})`;
}

const readSummaries = perDatabase((db) =>
  preparedByIds({ one: "post_summary", many: "post_summaries" }, (asked) =>
    summariesStatement(db, asked, {
      likers: placeholder<number>("likers"),
      comments: placeholder<number>("comments"),
    }),
  ),
);

/** Kept likers and comments read past what a page lists, so a few blocked members still leave enough. */
const SUMMARIES_MARGIN: Listed = { likers: 5, comments: 2 };

/** Summaries read while the posts they belong to are (`summariesAhead`), and which posts they are. */
interface SummariesAhead {
  ids: ReadonlySet<string>;
  found: Promise<Map<string, PostSummaries>>;
}

/** How deep a read of summaries goes for a page listing `listed` to a viewer hiding `hiddenCount` members. */
function summariesDepth(listed: Listed, hiddenCount: number): PostSummaries["depth"] {
  // Deep enough that the viewer's blocked members, however many are among them, leave what is listed.
  return {
    likers: listed.likers + SUMMARIES_MARGIN.likers + hiddenCount,
    comments: listed.comments + SUMMARIES_MARGIN.comments + hiddenCount,
  };
}

/** Reads summaries and keeps them on this node (unless what they show changed meanwhile). */
function readAndKeepSummaries(
  db: Db,
  kept: PostSummariesCache,
  ids: string[],
  depth: PostSummaries["depth"],
) {
  return kept.readAndKeep(async () => {
    const found = await readSummaries(db)(ids, depth);
    return new Map(
      found.map(({ id, ...summaries }): [string, PostSummaries] => [id, { ...summaries, depth }]),
    );
  });
}

/**
 * The summaries this node does not keep of posts asked by id, read beside the posts rather than after
 * them (issue 12: a like or comment forgets its post's summaries, so every page renewed after one read
 * the post, then its summaries; now one round trip). They are read as deep as a viewer who hides nobody
 * needs; should the viewer's blocks leave too few, the post's summaries are read again after, as deep
 * as the viewer needs (`withSummaries`).
 */
function summariesAhead(
  db: Db,
  kept: PostSummariesCache,
  ids: string[],
  listed: Listed,
): SummariesAhead | undefined {
  const missing = ids.filter((id) => {
    const summaries = kept.find(id);
    return !summaries || !deepEnough(summaries, listed);
  });
  if (missing.length === 0) return undefined;
  const found = readAndKeepSummaries(db, kept, missing, summariesDepth(listed, 0));
  // Awaited by `withSummaries` unless the posts' own read fails first.
  found.catch(() => {});
  return { ids: new Set(missing), found };
}

/**
 * The rows of a page with their likers and comments: none for a post without likes or comments, from
 * the node's kept summaries when they match the post's counts read with the page, from those read
 * `ahead` beside the rows, and for the others in one more statement (kept for next time).
 */
async function withSummaries(
  db: Db,
  kept: PostSummariesCache,
  rows: SeenRow[],
  listed: Listed,
  ahead?: SummariesAhead,
): Promise<PostRead[]> {
  const hidden = new Set(rows[0]?.hidden ?? []);
  const seen = new Map<string, SummariesSeen>();
  const readAhead: string[] = [];
  const missing: string[] = [];
  for (const { post } of rows) {
    // Counted with the post in one statement: none counted means none to list (a new post, most often).
    if (post.likesCount === 0 && post.commentsCount === 0) {
      seen.set(post.id, nothingSeen);
      kept.keepNone(post.id);
      continue;
    }
    const summaries = kept.find(post.id);
    const fresh =
      summaries &&
      summaries.likesCount === post.likesCount &&
      summaries.commentsCount === post.commentsCount &&
      deepEnough(summaries, listed) &&
      summariesAsSeen(summaries, listed, hidden);
    if (fresh) seen.set(post.id, fresh);
    else if (ahead?.ids.has(post.id)) readAhead.push(post.id);
    else missing.push(post.id);
  }
  if (ahead && readAhead.length > 0) {
    const found = await ahead.found;
    for (const postId of readAhead) {
      const summaries = found.get(postId);
      // None: the post was deleted meanwhile (left out below, as by a read after it).
      if (!summaries) continue;
      const asSeen = summariesAsSeen(summaries, listed, hidden);
      if (asSeen) seen.set(postId, asSeen);
      else missing.push(postId);
    }
  }
  if (missing.length > 0) {
    const read = await readAndKeepSummaries(db, kept, missing, summariesDepth(listed, hidden.size));
    for (const [postId, summaries] of read) {
      seen.set(postId, summariesAsSeen(summaries, listed, hidden) ?? nothingSeen);
    }
  }
  return rows.flatMap(({ ownLike, ...row }) => {
    const summaries = seen.get(row.post.id);
    // A post deleted between the two statements is left out, as if the page had been read after.
    return summaries ? [{ ...row, summaries: { ...summaries, ownLike } }] : [];
  });
}

/**
 * How many of the community's newest posts the feed looks through for the member's followings before
 * it walks each followed member's posts instead.
 */
const FEED_RECENT_WINDOW = 1000;

/**
 * One page of the member's feed: their own posts and those of members they follow, newest first, in
 * one statement that picks the cheaper of two exact plans, each bounded whatever the community's size:
 * - the community's newest FEED_RECENT_WINDOW posts (past the cursor), kept when by followed members:
 *   when that finds a whole page it is the page (any other followed post is older than all of them).
 *   It does for members who follow many, for whom the walk below costs most.
 * - otherwise each followed member's newest `limit` posts (past the cursor), read from their posts
 *   index, merged and cut to the page: it grows only with the number of members followed.
 */
export function feedPageStatement(
  db: Db,
  viewerId: string,
  limit: number,
  cursor: Cursor | undefined,
  recentWindow = FEED_RECENT_WINDOW,
) {
  const authors = db
    .$with("authors")
    .as(
      unionAll(
        db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, viewerId)),
        db.select({ id: users.id }).from(users).where(eq(users.id, viewerId)),
      ),
    );
  const newest = db
    .select({ id: posts.id, userId: posts.userId, createdAt: posts.createdAt })
    .from(posts)
    .where(olderThan(cursor, posts.createdAt, posts.id))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(recentWindow)
    .as("newest");
  const recent = db.$with("recent").as(
    db
      .select({ id: newest.id, createdAt: newest.createdAt })
      .from(newest)
      .where(inArray(newest.userId, db.select({ id: authors.id }).from(authors)))
      .orderBy(desc(newest.createdAt), desc(newest.id))
      .limit(limit),
  );
  const newestOfAuthor = db
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .where(and(eq(posts.userId, authors.id), olderThan(cursor, posts.createdAt, posts.id)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit)
    .as("newest_of_author");
  // Uncorrelated conditions: PostgreSQL decides them once and runs only the branch that holds.
  const recentIsWhole = sql`(select count(*) from ${recent}) >= ${limit}`;
  const branches = db
    .select({ id: recent.id })
    .from(recent)
    .where(recentIsWhole)
    .unionAll(
      db
        .select({ id: newestOfAuthor.id })
        .from(authors)
        .crossJoinLateral(newestOfAuthor)
        .where(sql`not ${recentIsWhole}`)
        .orderBy(desc(newestOfAuthor.createdAt), desc(newestOfAuthor.id))
        .limit(limit),
    )
    .as("branches");
  const page = db.with(authors, recent).select({ id: branches.id }).from(branches).as("feed_page");
  return postsSeenBy(db, viewerId)
    .innerJoin(page, eq(page.id, posts.id))
    .orderBy(desc(posts.createdAt), desc(posts.id));
}

/** What every paged read of posts is asked with. */
export interface PageAsk {
  viewerId: string;
  limit: number;
  cursor: Cursor | undefined;
  listed: Listed;
  /** The node's kept likers and comments. */
  summaries: PostSummariesCache;
}

/**
 * A paged read built once and prepared, in its two forms (the first page and the later ones differ in
 * their SQL: a later one starts past its cursor), its rows then given their likers and comments.
 */
function preparedPages<Extra extends Record<string, unknown>>(
  db: Db,
  name: string,
  build: (ask: { viewerId: string; limit: number; cursor: Cursor | undefined } & Extra) => {
    prepare(name: string): { execute(values?: Record<string, unknown>): Promise<SeenRow[]> };
  },
  extra: { [K in keyof Extra]: Extra[K] },
) {
  const read = preparedPaging(name, (cursor) =>
    build({
      viewerId: placeholder<string>("viewerId"),
      limit: placeholder<number>("limit"),
      cursor,
      ...extra,
    }),
  );
  return async (
    { viewerId, limit, cursor, listed, summaries }: PageAsk,
    values: Record<string, unknown> = {},
  ): Promise<PostRead[]> =>
    withSummaries(db, summaries, await read({ viewerId, limit, ...values }, cursor), listed);
}

/** What another list's page statement is built with: placeholders for the viewer, the limit and the cursor. */
export type FoundPageAsk<Extra> = { viewerId: string; limit: number; cursor: Cursor | undefined } & Extra;

/**
 * The ids of a page of another list (search, a tag, an explore topic), newest first past the cursor,
 * `limit` of them: a subquery with an `id` column, built with the placeholders it is given.
 */
export type FoundPage<Extra> = (ask: FoundPageAsk<Extra>) => Subquery & { id: AnyPgColumn };

/**
 * Another list's page and the posts on it in one prepared statement (one round trip, planned once):
 * `page` walks the list's own index to a page of ids, each is joined to its read, newest first. `extra`
 * are the placeholders of the list's own values (a tag, the words of a search).
 */
export function prepareFoundPages<Extra extends Record<string, unknown>>(
  db: Db,
  name: string,
  page: FoundPage<Extra>,
  extra: { [K in keyof Extra]: Extra[K] },
) {
  return preparedPages<Extra>(
    db,
    name,
    (ask) => {
      const found = page(ask);
      return postsSeenBy(db, ask.viewerId)
        .innerJoin(found, eq(found.id, posts.id))
        .orderBy(desc(posts.createdAt), desc(posts.id));
    },
    extra,
  );
}

const prepareFeedPage = perDatabase((db) =>
  preparedPages(
    db,
    "feed_page",
    ({ viewerId, limit, cursor }) => feedPageStatement(db, viewerId, limit, cursor),
    {},
  ),
);

/** One page of the member's feed (see `feedPageStatement`), through its prepared statement. */
export function feedPage(db: Db, ask: PageAsk): Promise<PostRead[]> {
  return prepareFeedPage(db)(ask);
}

const prepareAuthorPage = perDatabase((db) =>
  preparedPages(
    db,
    "author_page",
    ({ viewerId, limit, cursor, authorId }) =>
      postsSeenBy(db, viewerId)
        .where(and(eq(posts.userId, authorId), olderThan(cursor, posts.createdAt, posts.id)))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(limit),
    { authorId: placeholder<string>("authorId") },
  ),
);

/** One page of a member's own posts, newest first (their profile grid). */
export function authorPage(db: Db, authorId: string, ask: PageAsk): Promise<PostRead[]> {
  return prepareAuthorPage(db)(ask, { authorId });
}

const prepareVideoPage = perDatabase((db) =>
  preparedPages(
    db,
    "video_page",
    ({ viewerId, limit, cursor }) =>
      postsSeenBy(db, viewerId)
        .where(
          and(
            // Written out, not a parameter: the kept plan reads the videos' partial index only when its
            // condition is in the statement itself (database.ts KEEP_ONE_PLAN).
            sql`${posts.mediaType} = 'video'`,
            contentVisibleTo(db, viewerId, { id: posts.userId, isPrivate: users.isPrivate }),
            olderThan(cursor, posts.createdAt, posts.id),
          ),
        )
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(limit),
    {},
  ),
);

/** One page of the flicks feed: every video post the viewer may see, newest first. */
export function videoPage(db: Db, ask: PageAsk): Promise<PostRead[]> {
  return prepareVideoPage(db)(ask);
}

/** Posts by id as the viewer reads them, without their likers and comments. */
export function postsByIdsStatement(db: Db, asked: PostsAsked) {
  return postsSeenBy(db, placeholder<string>("viewerId")).where(postIn(asked));
}

const readPostsByIds = perDatabase((db) =>
  preparedByIds({ one: "post_read", many: "posts_by_ids" }, (asked) => postsByIdsStatement(db, asked)),
);

/**
 * Posts by id as the viewer reads them, in the order of `ids` (a page another list found: search, a
 * tag, explore; the posts a renewed page reads again), through one prepared statement. A post gone
 * meanwhile is left out.
 */
export async function postReadsByIds(
  db: Db,
  ids: string[],
  { viewerId, listed, summaries }: Omit<PageAsk, "limit" | "cursor">,
): Promise<PostRead[]> {
  if (ids.length === 0) return [];
  const ahead = summariesAhead(db, summaries, ids, listed);
  const rows = await readPostsByIds(db)(ids, { viewerId });
  const byId = new Map(rows.map((row) => [row.post.id, row]));
  return withSummaries(
    db,
    summaries,
    ids.flatMap((id) => byId.get(id) ?? []),
    listed,
    ahead,
  );
}

/** One post as the viewer reads it, with its likes and comments. */
export async function findPostRead(
  db: Db,
  id: string,
  { viewerId, listed, summaries }: Omit<PageAsk, "limit" | "cursor">,
): Promise<PostRead | undefined> {
  const ahead = summariesAhead(db, summaries, [id], listed);
  const rows = await readPostsByIds(db)([id], { viewerId });
  const [read] = await withSummaries(db, summaries, rows, listed, ahead);
  return read;
}

const readPostsWithAuthor = perDatabase((db) =>
  preparedByIds({ one: "post_with_author", many: "posts_with_author" }, (asked) =>
    postAsSeenBy(db, placeholder<string>("viewerId")).where(postIn(asked)),
  ),
);

/**
 * A post with its author, as `viewerId` is related to the author: what every like, comment, share,
 * edit and delete checks first, so one prepared statement (building it cost more than running it).
 */
export async function findPostWithAuthor(db: Db, id: string, viewerId: string) {
  const [row] = await readPostsWithAuthor(db)([id], { viewerId });
  return row;
}

/** Those of the posts that exist, each with its author as `viewerId` is related to them, in no order. */
export function findPostsWithAuthor(db: Db, ids: string[], viewerId: string) {
  return ids.length === 0 ? Promise.resolve([]) : readPostsWithAuthor(db)(ids, { viewerId });
}

/**
 * The `post_tags` rows of the post the CTE `written` returns, `tags` sorted by name: two posts sharing
 * tags then take the locks of their rows in `tags` (counted by a trigger) in one order.
 */
function tagRowsOf(
  db: Db,
  written: Subquery & { id: AnyPgColumn; userId: AnyPgColumn; createdAt: AnyPgColumn },
  /** The tags sorted by name, or the placeholder a prepared statement fills with them. */
  sortedTags: string[] | Placeholder,
) {
  const tagsParam = Array.isArray(sortedTags) ? sql.param(sortedTags) : sortedTags;
  return db
    .insert(postTags)
    .select(
      db
        .select({
          postId: sql`${written.id}`.as("post_id"),
          tag: sql`unnest(${tagsParam}::text[])`.as("tag"),
          userId: sql`${written.userId}`.as("user_id"),
          createdAt: sql`${written.createdAt}`.as("created_at"),
        })
        .from(written),
    )
    .onConflictDoNothing();
}

/** A new post's columns: every one, so that one prepared statement makes any post. */
const newPostColumns = [
  "userId",
  "caption",
  "location",
  "tags",
  "image",
  "mediaType",
  "width",
  "height",
  "placeholder",
  "isReel",
] as const;

export type NewPost = Required<Pick<typeof posts.$inferInsert, (typeof newPostColumns)[number]>>;

/**
 * Makes a post with its tags (issue 18: `tagsOfPost`), in one statement, prepared: built per call it
 * cost the server more than PostgreSQL took to run it, and was planned anew each time.
 */
const prepareInsertPost = perDatabase((db) => {
  const values = Object.fromEntries(newPostColumns.map((column) => [column, placeholder(column)]));
  const made = db.$with("made").as(
    db
      .insert(posts)
      .values(values as NewPost)
      .returning({ id: posts.id, userId: posts.userId, createdAt: posts.createdAt }),
  );
  const tagged = db
    .$with("tagged")
    .as(tagRowsOf(db, made, sql.placeholder("sortedTags")).returning({ tag: postTags.tag }));
  // A data-modifying CTE runs whether or not the query reads it.
  return db.with(made, tagged).select({ id: made.id }).from(made).prepare("insert_post");
});

export async function insertPost(db: Db, values: NewPost, tags: string[]) {
  const [row] = await prepareInsertPost(db).execute({ ...values, sortedTags: [...tags].sort() });
  if (!row) throw new Error("insert into posts returned no row");
  return row.id;
}

/**
 * Changes a post; with `tags` (its caption or tags field changed), its tags become those, in the same
 * statement: the ones it no longer carries are removed, the new ones added.
 */
export async function updatePost(
  db: Db,
  id: string,
  values: Partial<typeof posts.$inferInsert>,
  tags?: string[],
) {
  const update = db
    .update(posts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(posts.id, id));
  if (!tags) {
    await update;
    return;
  }
  const changed = db
    .$with("changed")
    .as(update.returning({ id: posts.id, userId: posts.userId, createdAt: posts.createdAt }));
  const dropped = db.$with("dropped").as(
    db
      .delete(postTags)
      .where(and(eq(postTags.postId, id), sql`not (${postTags.tag} = any(${sql.param(tags)}::text[]))`))
      .returning({ tag: postTags.tag }),
  );
  const added = db
    .$with("added")
    .as(tagRowsOf(db, changed, [...tags].sort()).returning({ tag: postTags.tag }));
  await db.with(changed, dropped, added).select({ id: changed.id }).from(changed);
}

export async function deletePost(db: Db, id: string) {
  await db.delete(posts).where(eq(posts.id, id));
}

/**
 * Counts a share of a post (every one, as a send is counted) and tells whether it is the member's first
 * of this post (`newly`), in one statement: the author hears of a member's shares of a post once.
 */
export async function addShare(db: Db, postId: string, userId: string) {
  const shared = db
    .$with("shared")
    .as(
      db
        .insert(postShares)
        .values({ postId, userId })
        .onConflictDoNothing()
        .returning({ postId: postShares.postId }),
    );
  const [row] = await db
    .with(shared)
    .update(posts)
    .set({ sharesCount: sql`${posts.sharesCount} + 1` })
    .where(eq(posts.id, postId))
    .returning({
      sharesCount: posts.sharesCount,
      newly: sql<boolean>`exists (select 1 from ${shared})`,
    });
  return { sharesCount: row?.sharesCount ?? 0, newly: row?.newly ?? false };
}

/**
 * Adds a like with its reaction, or changes the reaction of the member's like (the primary key makes it
 * one like). `newly` is false when the member had liked the post already.
 */
export async function upsertLike(db: Db, postId: string, userId: string, emoji?: string) {
  const { plain, reaction } = prepareUpsertLike(db);
  const [row] = await (emoji
    ? reaction.execute({ postId, userId, emoji })
    : plain.execute({ postId, userId }));
  return row?.newly ?? false;
}

/** A like in its two prepared forms: a plain one, and one with a reaction. */
const prepareUpsertLike = perDatabase((db) => {
  const postId = placeholder<string>("postId");
  const userId = placeholder<string>("userId");
  const emoji = placeholder<string>("emoji");
  // xmax is 0 on a freshly inserted row version and set on an updated one.
  const newly = { newly: sql<boolean>`(xmax = 0)` };
  return {
    // Liking a post again keeps the reaction it has; only a named emoji changes it.
    plain: db
      .insert(postLikes)
      .values({ postId, userId })
      .onConflictDoNothing()
      .returning(newly)
      .prepare("like"),
    reaction: db
      .insert(postLikes)
      .values({ postId, userId, emoji })
      .onConflictDoUpdate({ target: [postLikes.postId, postLikes.userId], set: { emoji } })
      .returning(newly)
      .prepare("like_with_reaction"),
  };
});

export async function hasLiked(db: Db, postId: string, userId: string) {
  return (await db.$count(postLikes, and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))) > 0;
}

const prepareDeleteLike = perDatabase((db) =>
  db
    .delete(postLikes)
    .where(and(eq(postLikes.postId, placeholder("postId")), eq(postLikes.userId, placeholder("userId"))))
    .returning({ postId: postLikes.postId })
    .prepare("unlike"),
);

export async function deleteLike(db: Db, postId: string, userId: string) {
  const rows = await prepareDeleteLike(db).execute({ postId, userId });
  return rows.length > 0;
}

export interface Liker {
  userId: string;
  username: string;
  /** The reaction a flick's like carries (❤️ for a plain like). */
  emoji: string;
}

/**
 * The viewer always finds their own like among a post's likers: an older one than the newest listed
 * comes after them.
 */
export function addOwnLike(likers: Liker[], own: Liker | null) {
  if (!own) return;
  const listed = likers.findIndex((liker) => liker.userId === own.userId);
  // The own like is read with the page; the listed one may have been kept from before a new reaction.
  if (listed === -1) likers.push(own);
  else likers[listed] = own;
}

export interface LikeSummary {
  /** The newest likers, and the viewer whenever they like it too. */
  likers: Liker[];
  likesCount: number;
  isLiked: boolean;
}

/**
 * The likes of one post as the viewer sees them: its newest likers (a bounded walk of its likes index,
 * however many it has), the viewer's own like, and the count kept on the post. One post, compared by
 * `=`: PostgreSQL plans it once per connection. Compared with `= any(array)`, each call was planned
 * anew (the plan it would keep prices the array at ten posts, so every like paid 1 ms of planning for a
 * 0.2 ms statement; `plan-cache.test.ts`).
 */
export function likeSummaryStatement(db: Db) {
  const viewerId = placeholder<string>("viewerId");
  const newest = db
    .select({ userId: postLikes.userId, emoji: postLikes.emoji, createdAt: postLikes.createdAt })
    .from(postLikes)
    .where(and(eq(postLikes.postId, posts.id), notBlockedBetween(db, viewerId, postLikes.userId)))
    .orderBy(desc(postLikes.createdAt))
    .limit(placeholder("likersListed"))
    .as("newest_likes");
  const own = db
    .select({ emoji: postLikes.emoji, username: users.username })
    .from(postLikes)
    .innerJoin(users, eq(users.id, postLikes.userId))
    .where(and(eq(postLikes.postId, posts.id), eq(postLikes.userId, viewerId)))
    .as("own_like");
  const liker = alias(users, "liker");
  return db
    .select({
      likesCount: posts.likesCount,
      likerId: newest.userId,
      likerName: liker.username,
      likerEmoji: newest.emoji,
      ownEmoji: own.emoji,
      ownName: own.username,
    })
    .from(posts)
    .leftJoinLateral(newest, sql`true`)
    .leftJoin(liker, eq(liker.id, newest.userId))
    .leftJoinLateral(own, sql`true`)
    .where(eq(posts.id, placeholder<string>("postId")))
    .orderBy(desc(newest.createdAt));
}

const prepareLikeSummary = perDatabase((db) => likeSummaryStatement(db).prepare("like_summary"));

/** One post's likes as the viewer sees them, in one prepared statement; none for a post gone. */
export async function likeSummary(
  db: Db,
  postId: string,
  viewerId: string,
  likersListed: number,
): Promise<LikeSummary | undefined> {
  const rows = await prepareLikeSummary(db).execute({ postId, viewerId, likersListed });
  const [first] = rows;
  if (!first) return undefined;
  const summary: LikeSummary = { likers: [], likesCount: first.likesCount, isLiked: first.ownEmoji !== null };
  for (const { likerId, likerName, likerEmoji } of rows)
    if (likerId && likerName && likerEmoji)
      summary.likers.push({ userId: likerId, username: likerName, emoji: likerEmoji });
  if (first.ownEmoji && first.ownName)
    addOwnLike(summary.likers, { userId: viewerId, username: first.ownName, emoji: first.ownEmoji });
  return summary;
}

export interface CommentRow {
  id: string;
  postId: string;
  text: string;
  createdAt: Date;
  user: { id: string; username: string; avatar: string };
}

/**
 * Stores a comment and answers it with its author, and its post's comment count after it (kept on the
 * post): one statement where there were two.
 */
export async function storeComment(db: Db, values: { postId: string; userId: string; text: string }) {
  const [row] = await prepareStoreComment(db).execute(values);
  if (!row) throw new Error("insert into post_comments returned no row");
  return {
    comment: { ...row.comment, user: row.user } satisfies CommentRow,
    // The statement reads the post as it was before it ran: the count trigger adds this comment only as
    // the statement ends.
    commentsCount: row.commentsBefore + 1,
  };
}

const prepareStoreComment = perDatabase((db) => {
  const stored = db.$with("stored").as(
    db
      .insert(postComments)
      .values({ postId: placeholder("postId"), userId: placeholder("userId"), text: placeholder("text") })
      .returning(),
  );
  return db
    .with(stored)
    .select({
      comment: { id: stored.id, postId: stored.postId, text: stored.text, createdAt: stored.createdAt },
      user: { id: users.id, username: users.username, avatar: users.avatar },
      commentsBefore: posts.commentsCount,
    })
    .from(stored)
    .innerJoin(users, eq(users.id, stored.userId))
    .innerJoin(posts, eq(posts.id, stored.postId))
    .prepare("store_comment");
});

/** A comment of the post, with what deciding who may delete it needs; undefined when the post has none such. */
export async function findComment(db: Db, postId: string, commentId: string) {
  const [row] = await prepareFindComment(db).execute({ postId, commentId });
  return row;
}

const prepareFindComment = perDatabase((db) =>
  db
    .select({ authorId: postComments.userId })
    .from(postComments)
    .where(and(eq(postComments.id, placeholder("commentId")), eq(postComments.postId, placeholder("postId"))))
    .prepare("find_comment"),
);

/**
 * Deletes a comment of the post; answers the post's comment count after it and the notification the
 * comment took along (cascade), or undefined when it was gone already (deleted meanwhile). One statement.
 */
export async function deleteComment(db: Db, postId: string, commentId: string) {
  const [row] = await prepareDeleteComment(db).execute({ postId, commentId });
  if (!row) return undefined;
  // The statement reads the post as it was before it ran: the count trigger takes this comment off
  // only as the statement ends.
  return { commentsCount: Math.max(0, row.commentsBefore - 1), removedNotifications: row.notificationIds };
}

const prepareDeleteComment = perDatabase((db) => {
  const gone = db.$with("gone").as(
    db
      .delete(postComments)
      .where(
        and(eq(postComments.id, placeholder("commentId")), eq(postComments.postId, placeholder("postId"))),
      )
      .returning({ id: postComments.id, postId: postComments.postId }),
  );
  // Read in the statement's snapshot: the notifications as they were, before the cascade.
  const told = sql<
    string[]
  >`array(select ${notifications.id} from ${notifications} where ${notifications.commentId} = ${gone.id})`;
  return db
    .with(gone)
    .select({ commentsBefore: posts.commentsCount, notificationIds: told.as("notification_ids") })
    .from(gone)
    .innerJoin(posts, eq(posts.id, gone.postId))
    .prepare("delete_comment");
});

/**
 * A page of a post's comments older than the cursor, newest first, as the viewer may see them (members
 * blocked either way left out, as the post's own listed comments leave them): a walk of the post's
 * comments index (post, time, id) in its order from the cursor, each with its author. One prepared
 * statement per page, planned once.
 */
const prepareCommentsPage = perDatabase((db) =>
  preparedPaging("post_comments_page", (cursor) =>
    db
      .select({
        id: postComments.id,
        postId: postComments.postId,
        text: postComments.text,
        createdAt: postComments.createdAt,
        user: { id: users.id, username: users.username, avatar: users.avatar },
      })
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.userId))
      .where(
        and(
          eq(postComments.postId, placeholder<string>("postId")),
          olderThan(cursor, postComments.createdAt, postComments.id),
          notBlockedBetween(db, placeholder<string>("viewerId"), postComments.userId),
        ),
      )
      .orderBy(desc(postComments.createdAt), desc(postComments.id))
      .limit(placeholder<number>("limit")),
  ),
);

/** `limit` comments of a post past `cursor`, newest first, as `viewerId` may see them. */
export function commentsPage(
  db: Db,
  postId: string,
  ask: { viewerId: string; limit: number; cursor: Cursor | undefined },
): Promise<CommentRow[]> {
  return prepareCommentsPage(db)({ postId, viewerId: ask.viewerId, limit: ask.limit }, ask.cursor);
}
