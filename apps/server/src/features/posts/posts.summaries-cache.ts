import { LRUCache } from "lru-cache";
import type { ChangeAnnouncements } from "../../db/change-announcements.js";
import { createForgettingLog } from "../../platform/forgetting-log.js";

/** One of a post's newest likers: [member id, username, emoji]. */
export type LikerTuple = [userId: string, username: string, emoji: string];
/** One of a post's newest comments: [id, text, created at (ISO), member id, username, avatar]. */
export type CommentTuple = [
  id: string,
  text: string,
  createdAt: string,
  userId: string,
  username: string,
  avatar: string,
];

/**
 * A post's newest likers and comments as anyone reads them (nobody's blocks applied), newest first,
 * with the counts they were read with: the part of a post read that is the same for every viewer and
 * costs the most to read (two index walks and a member per entry).
 */
export interface PostSummaries {
  likesCount: number;
  commentsCount: number;
  /** At most `depth.likers`, newest first; fewer means these are all of them. */
  likers: LikerTuple[];
  /** At most `depth.comments`, newest first; fewer means these are all of them. */
  comments: CommentTuple[];
  depth: { likers: number; comments: number };
}

/** How many newest likers and comments a read wants after the viewer's blocks are applied. */
export interface Wanted {
  likers: number;
  comments: number;
}

/** What a viewer sees of a post's newest likers and comments. */
export interface SummariesSeen {
  likers: LikerTuple[];
  /** Oldest first, as a post shows them. */
  comments: CommentTuple[];
  /**
   * Whether comments older than those listed may be seen by the viewer: false when the listed are all
   * of them once blocked members are left out (the post's count still includes those).
   */
  olderComments: boolean;
}

/** A post with no likers or comments to show. */
export const nothingSeen: SummariesSeen = { likers: [], comments: [], olderComments: false };

/**
 * The likers and comments a viewer sees of a post, from kept summaries: blocked members (either way)
 * left out, cut to what is wanted, comments oldest first (as a post shows them). `undefined` when the
 * kept ones may be too few once the blocked are left out (the read then asks deeper).
 */
export function summariesAsSeen(
  kept: PostSummaries,
  wanted: Wanted,
  hidden: ReadonlySet<string>,
): SummariesSeen | undefined {
  const likers = hidden.size ? kept.likers.filter(([userId]) => !hidden.has(userId)) : kept.likers;
  const comments = hidden.size ? kept.comments.filter((comment) => !hidden.has(comment[3])) : kept.comments;
  const allLikers = kept.likers.length < kept.depth.likers;
  const allComments = kept.comments.length < kept.depth.comments;
  if ((likers.length < wanted.likers && !allLikers) || (comments.length < wanted.comments && !allComments))
    return undefined;
  return {
    likers: likers.slice(0, wanted.likers),
    comments: comments.slice(0, wanted.comments).reverse(),
    // Past what is kept there are more, seen or not: only a read of them tells, so a page is offered.
    olderComments: comments.length > wanted.comments || (!allComments && comments.length === wanted.comments),
  };
}

/** Whether kept summaries hold at least what is wanted (or all there are). */
export function deepEnough(kept: PostSummaries, wanted: Wanted): boolean {
  return (
    (kept.depth.likers >= wanted.likers || kept.likers.length < kept.depth.likers) &&
    (kept.depth.comments >= wanted.comments || kept.comments.length < kept.depth.comments)
  );
}

/**
 * Posts' newest likers and comments kept per node (issue 12: they were most of a feed page's cost in
 * the database). What is kept is checked on every use against the post's counts read fresh with the
 * page (a like or comment made on this node is seen at once), and forgotten on every node when the
 * database announces a change: "post:<id>" when a post's likes or comments change (migration 0018),
 * "account:<id>" or "member:<id>" when a member they show changes their name or picture. While
 * announcements may be missed nothing kept is used. Bounded in count and in age.
 */
export function createPostSummariesCache(
  announcements: ChangeAnnouncements,
  limits: { max: number; ttlMs: number } = { max: 20_000, ttlMs: 10 * 60_000 },
) {
  // Which kept posts show each member (as a liker or commenter), to forget them when the member changes.
  const postsShowing = new Map<string, Set<string>>();
  const kept = new LRUCache<string, PostSummaries>({
    max: limits.max,
    ttl: limits.ttlMs,
    dispose: (summaries, postId) => {
      for (const memberId of membersIn(summaries)) {
        const posts = postsShowing.get(memberId);
        posts?.delete(postId);
        if (posts?.size === 0) postsShowing.delete(memberId);
      }
    },
  });

  // A read that started before a post or a member it shows was forgotten may hold what was forgotten:
  // it is not kept ("post:<id>", "member:<id>").
  const forgettings = createForgettingLog();

  function forgetPosts(postIds: Iterable<string>) {
    for (const postId of postIds) {
      kept.delete(postId);
      forgettings.forgot(`post:${postId}`);
    }
  }

  function forgetMember(memberId: string) {
    const posts = postsShowing.get(memberId);
    if (posts) forgetPosts([...posts]);
    // A read in flight may bring the member's old name or picture in a post not kept yet.
    forgettings.forgot(`member:${memberId}`);
  }

  function forgetAll() {
    forgettings.cleared();
    kept.clear();
  }

  announcements.subscribe((announcement) => {
    if (announcement === null) return forgetAll();
    const colon = announcement.indexOf(":");
    const kind = announcement.slice(0, colon);
    const id = announcement.slice(colon + 1);
    if (kind === "post") forgetPosts([id]);
    else if (kind === "account" || kind === "member") forgetMember(id);
  });

  function wasForgottenSince(postId: string, summaries: PostSummaries, startedAt: number) {
    const members = [...membersIn(summaries)].map((memberId) => `member:${memberId}`);
    return forgettings.forgottenSince(startedAt, [`post:${postId}`, ...members]);
  }

  return {
    /** A post's kept summaries, if any and announcements are being heard. */
    find(postId: string): PostSummaries | undefined {
      return announcements.live ? kept.get(postId) : undefined;
    },

    /**
     * Reads summaries with `read` and keeps each, unless its post or a member it shows was forgotten
     * while it was read (the next ask reads again). Answers what was read either way.
     */
    async readAndKeep(read: () => Promise<Map<string, PostSummaries>>): Promise<Map<string, PostSummaries>> {
      const startedAt = forgettings.started();
      try {
        const found = await read();
        if (announcements.live) {
          for (const [postId, summaries] of found) {
            if (wasForgottenSince(postId, summaries, startedAt)) continue;
            keep(postId, summaries);
          }
        }
        return found;
      } finally {
        forgettings.finished(startedAt);
      }
    },

    /**
     * Keeps that a post has no likes and no comments, as a read of its counts just found (a new post,
     * most often). Nothing races this: kept summaries are used only while the post's counts read fresh
     * match theirs, and counts of 0 leave nobody to list.
     */
    keepNone(postId: string) {
      if (announcements.live && !kept.has(postId)) keep(postId, none());
    },

    /** Forgets posts this node just changed, before the announcement comes back. */
    forgetPosts,

    /** Forgets what shows a member this node just renamed or gave a new picture. */
    forgetMember,

    get size() {
      return kept.size;
    },
  };

  function keep(postId: string, summaries: PostSummaries) {
    kept.delete(postId);
    for (const memberId of membersIn(summaries)) {
      let posts = postsShowing.get(memberId);
      if (!posts) {
        posts = new Set();
        postsShowing.set(memberId, posts);
      }
      posts.add(postId);
    }
    kept.set(postId, Object.freeze(summaries));
  }
}

/** A post's summaries when it has no likes and no comments: every one of none, whatever the depth. */
function none(): PostSummaries {
  return { likesCount: 0, commentsCount: 0, likers: [], comments: [], depth: { likers: 1, comments: 1 } };
}

function membersIn(summaries: PostSummaries): Set<string> {
  const members = new Set<string>();
  for (const [userId] of summaries.likers) members.add(userId);
  for (const comment of summaries.comments) members.add(comment[3]);
  return members;
}

export type PostSummariesCache = ReturnType<typeof createPostSummariesCache>;
