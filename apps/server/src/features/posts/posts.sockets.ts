import { POSTS_JOINED_PER_EVENT, rooms } from "@flik/shared";
import type { FastifyBaseLogger } from "fastify";
import { createBatcher } from "../../platform/batcher.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import { idOf } from "../../platform/ids.js";
import type { FlikSocket, Realtime } from "../../realtime/realtime.js";
import type { FollowsService } from "../follows/follows.service.js";
import { watchingProfileOf } from "../users/users.sockets.js";
import type { PostsService } from "./posts.service.js";

/** Server only: marks a socket in `rooms.post(postId)` as watching a post of this author. */
const watchedPostOf = (authorId: string, postId: string) => `post-of:${authorId}:${postId}`;
/** Server only: every socket watching at least one post of the author. */
const watchingPostsOf = (authorId: string) => `watching-posts-of:${authorId}`;

/**
 * joinPostRoom / leavePostRoom: a member follows live changes of posts they may see, and only while
 * they may. Emissions to a post room cost no query (posts.events): instead, when a member may no
 * longer see an author's posts (unfollowing a private member, a block either way, the author going
 * private), their sockets leave that author's post rooms on every app node through the adapter.
 *
 * A socket in `rooms.post(id)` is also in `watchedPostOf(author, id)` and `watchingPostsOf(author)`,
 * so the rooms to leave are found from the socket's own rooms (`fetchSockets` answers with them from
 * every node), with no list of the author's posts. Whether a watcher still may see is asked once per
 * member with the one rule (`follows.seesContentOf`), only for members watching that author now.
 *
 * A join is checked before the socket joins and again after: a change committed between the first
 * check and the join (whose leave found the socket not yet in the room) is seen by the second.
 *
 * Either takes one post id or a list of up to POSTS_JOINED_PER_EVENT (a feed's pages, joined again
 * after a reconnect, in a few events of the member's budget rather than one per post).
 */
const JOINS_CHECKED_TOGETHER = 100;

export function registerPostSockets(
  realtime: Realtime,
  posts: PostsService,
  follows: FollowsService,
  domainEvents: DomainEvents,
  log: FastifyBaseLogger,
) {
  const { io } = realtime;

  /**
   * Per socket, the author of each post it watches: leaving posts (a list of 100, free of the budget)
   * costs no scan of the socket's rooms.
   */
  const authorsWatched = new WeakMap<FlikSocket, Map<string, string>>();
  const authorsWatchedBy = (socket: FlikSocket) => {
    const authors = authorsWatched.get(socket) ?? new Map<string, string>();
    authorsWatched.set(socket, authors);
    return authors;
  };

  /**
   * Joins the socket to the rooms of those of the posts it may watch; answers, per post asked, whether
   * it watches it now. A failed check is logged and answered as "not watched": the client keeps the
   * post without its live changes.
   */
  async function watch(socket: FlikSocket, postIds: string[]): Promise<PromiseSettledResult<boolean>[]> {
    const answer = (watched: ReadonlySet<string>) =>
      postIds.map((postId) => ({ status: "fulfilled" as const, value: watched.has(postId) }));
    let joining: string[] = [];
    try {
      const authors = await posts.watchable(socket.data, [...new Set(postIds)]);
      if (authors.size === 0) return answer(new Set());
      joining = [...authors.keys()];
      const watched = authorsWatchedBy(socket);
      await Promise.all(
        [...authors].map(([postId, authorId]) => {
          watched.set(postId, authorId);
          return socket.join([
            rooms.post(postId),
            watchedPostOf(authorId, postId),
            watchingPostsOf(authorId),
          ]);
        }),
      );
      const still = await posts.watchable(socket.data, [...authors.keys()]);
      for (const postId of authors.keys()) if (!still.has(postId)) unwatch(socket, postId);
      return answer(new Set(still.keys()));
    } catch (error) {
      log.error({ err: error, userId: socket.data.userId }, "joining post rooms failed");
      // Only what this batch joined: posts watched before stay watched.
      for (const postId of joining) unwatch(socket, postId);
      return answer(new Set());
    }
  }

  /**
   * How long the rooms of the posts now watched (and their authors' privacy changes) have been quiet,
   * for a page's first joins: a client that read them before may skip reading them again (spec: at most
   * once).
   */
  function quietOf(socket: FlikSocket, postIds: string[]): { quietForMs?: number } {
    const authors = authorsWatched.get(socket);
    const heardThrough = postIds.flatMap((postId) => {
      const authorId = authors?.get(postId);
      return authorId ? [rooms.post(postId), watchingPostsOf(authorId)] : [rooms.post(postId)];
    });
    const quietForMs = realtime.quietFor(socket, heardThrough);
    return quietForMs === undefined ? {} : { quietForMs };
  }

  function unwatch(socket: FlikSocket, postId: string) {
    socket.leave(rooms.post(postId));
    const watched = authorsWatched.get(socket);
    const authorId = watched?.get(postId);
    if (authorId === undefined) return;
    socket.leave(watchedPostOf(authorId, postId));
    watched?.delete(postId);
  }

  /** The sockets in `among` that watch the author's posts leave them unless their member may still see. */
  async function revisit(authorId: string, among: string) {
    if (realtime.closing) return;
    const marker = watchedPostOf(authorId, "");
    const verdicts = new Map<string, Promise<boolean>>();
    const sockets = await io.in(among).fetchSockets();
    await Promise.all(
      sockets.map(async (socket) => {
        const marks = [...socket.rooms].filter((room) => room.startsWith(marker));
        if (marks.length === 0) return;
        const { userId } = socket.data;
        let verdict = verdicts.get(userId);
        if (!verdict) {
          verdict = follows.seesContentOf(userId, authorId);
          verdicts.set(userId, verdict);
        }
        if (await verdict) return;
        const postRooms = marks.map((room) => rooms.post(room.slice(marker.length)));
        io.in(socket.id).socketsLeave([...postRooms, ...marks, watchingPostsOf(authorId)]);
      }),
    );
  }

  realtime.onConnection((socket) => {
    // A feed joins every post it loads, and again after each reconnect: the joins that arrive together
    // are checked together, two statements for the lot rather than two for each.
    const joins = createBatcher<string, boolean>({
      maxSize: JOINS_CHECKED_TOGETHER,
      store: (postIds) => watch(socket, postIds),
    });
    socket.on("joinPostRoom", async (asked, ack) => {
      const reply = typeof ack === "function" ? ack : () => {};
      if (!Array.isArray(asked)) {
        // One the member may not see answers as one that is not there, as GET /posts/{id} does.
        const postId = idOf(asked);
        const joined = postId !== null && (await joins.add(postId));
        return reply(
          joined
            ? { ok: true, ...quietOf(socket, [postId]) }
            : { ok: false, error: "Post not found", status: 404 },
        );
      }
      // A feed's page (or all its pages again after a reconnect) in one event, one event of the budget.
      if (asked.length > POSTS_JOINED_PER_EVENT)
        return reply({
          ok: false,
          watching: [],
          error: `Send at most ${POSTS_JOINED_PER_EVENT} post ids at once`,
          status: 400,
        });
      const ids = [...new Set(asked.map(idOf).filter((id) => id !== null))];
      const watched = await Promise.all(ids.map((postId) => joins.add(postId)));
      const watching = ids.filter((_, i) => watched[i]);
      // A post that could not be watched (deleted, hidden) may have had the very event that made it so,
      // in a room no longer counted: nothing is vouched for then.
      reply({ ok: true, watching, ...(watching.length === ids.length ? quietOf(socket, watching) : {}) });
    });
    socket.on("leavePostRoom", (asked) => {
      for (const postId of (Array.isArray(asked) ? asked.slice(0, POSTS_JOINED_PER_EVENT) : [asked]).map(
        idOf,
      ))
        if (postId) unwatch(socket, postId);
    });
  });

  domainEvents.on("memberUnfollowed", ({ followerId, followeeId }) =>
    revisit(followeeId, rooms.user(followerId)),
  );
  // Follows both ways are gone already; the blocked-with rooms keep events out, and the rooms go too.
  domainEvents.on("memberBlocked", async ({ blockerId, blockedId }) => {
    await Promise.all([revisit(blockerId, rooms.user(blockedId)), revisit(blockedId, rooms.user(blockerId))]);
  });
  // Told first to whoever has a post of the member open (a feed, her profile's grid, a post) or her
  // profile (locked, it watches no post): their screens lock or open; then those who may no longer see
  // her posts leave their rooms.
  domainEvents.on("privacyChanged", async ({ userId, isPrivate }) => {
    io.to([watchingPostsOf(userId), watchingProfileOf(userId)])
      .except(rooms.blockedWith(userId))
      .emit("memberPrivacyChanged", { userId, isPrivate });
    if (isPrivate) await revisit(userId, watchingPostsOf(userId));
  });
  // A declined or withdrawn request needs nothing: a requester never saw the private member's posts (had
  // they watched while the member was public, going private made them leave).
}
