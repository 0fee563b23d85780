import { LRUCache, type Perf } from "lru-cache";
import type { ChangeAnnouncements } from "../db/change-announcements.js";
import { createForgettingLog } from "./forgetting-log.js";

/**
 * What a kept answer shows, as the database announces changes to it (migrations 0007, 0008, 0013, 0018,
 * 0019):
 * - `member:<id>`: a member's name, picture, counts, privacy, follows or blocks (announced as
 *   "account:<id>", "member:<id>", and "blocked:<id>" when someone blocks or unblocks them);
 * - `post:<id>`: the post, its likes or comments;
 * - `author:<id>`: the member made a post; a list of everyone's posts shows `author:*` (anyone did),
 *   and `privacy:*` (anyone's profile went private or public);
 * - `notifications:<id>`: the member's notifications;
 * - `chat:<id>`: a chat, its members (joined, accepted, read, cleared) or its messages; `chats:<id>`:
 *   which chats a member is in.
 */
export type Shown =
  | `member:${string}`
  | `post:${string}`
  | `author:${string}`
  | "privacy:*"
  | `notifications:${string}`
  | `chat:${string}`
  | `chats:${string}`;

/** The content type Fastify gives the JSON it writes itself, for kept answers sent as they are. */
export const JSON_TEXT = "application/json; charset=utf-8";

/** An answer as sent (JSON text), everything it shows, and what of it can be renewed on its own. */
export interface AnswerRead {
  body: string;
  shows: Iterable<Shown>;
  /**
   * Things the answer shows whose change `renew` brings into it with a read of its own, cheaper than
   * reading the whole answer again (a post's likes and comments on a feed page: the page's statement
   * picks which posts, the post's own read says how they stand). The change of anything else it shows
   * forgets it. `renew` answers the answer with those things read again, or `undefined` when the
   * answer must be read whole (a post went away).
   */
  renewable?: { things: Iterable<Shown>; renew: (changed: Shown[]) => Promise<AnswerRead | undefined> };
}

/**
 * An answer kept, the renewable things it shows that changed since (renewed on its next ask), and when
 * it was last read whole (renewals keep its age: every answer is read whole at least once per `ttlMs`).
 */
interface Kept {
  body: string;
  shows: Shown[];
  renewable?: { things: Set<Shown>; renew: (changed: Shown[]) => Promise<AnswerRead | undefined> };
  changed: Set<Shown>;
  /** The forgetting mark of the first of `changed` (when there are any). */
  changedSince: number;
  /**
   * The latest answer of its key read since and not kept (something it shows changed while it was read):
   * newer than `body`, and what an ask while it is renewed takes instead.
   */
  newer?: string;
  readAt: number;
}

/**
 * Kept answers' size in memory: their text, an allowance per entry of the index of what they show, and
 * for a renewable answer the reads its `renew` holds (reckoned at twice its text), kept with them, each
 * read's part of the text (posts.pipeline: once more its text), and a newer answer read while it was
 * renewed (`newer`: once more).
 */
const BYTES_PER_SHOWN = 100;
const RENEWAL_BYTES_PER_BODY_BYTE = 4;
const sizeOf = ({ body, shows, renewable }: { body: string; shows: Shown[]; renewable?: object }) =>
  body.length * (renewable ? 1 + RENEWAL_BYTES_PER_BODY_BYTE : 1) + BYTES_PER_SHOWN * shows.length + 1;

/**
 * Whole answers kept per node as their viewer was answered (issue 12: served from memory, one server core
 * answers about twelve times the feed pages a second it answers from the database), each forgotten as
 * soon as anything it shows changes:
 * - on every node, when the database announces the change (whichever node or tool made it);
 * - on this node at once, by the feature that made the change (`forget`), before the announcement
 *   comes back, so a member always reads their own change.
 * A change of something the answer can renew on its own (`AnswerRead.renewable`) marks it instead; the
 * next ask renews it with a read of the changed things only.
 *
 * An ask while the answer is read joins that read, and takes its answer unless the asker's own change
 * (or, without an asker, any change) of something it shows came after the read began. An ask while a
 * kept answer is renewed for other members' changes (a like or a comment on a post it shows) takes the
 * kept answer as it stands (or the newest answer read since and not kept), as it would a read the
 * database was still answering when they committed: the asks of a busy page then do not wait for a
 * renewal someone else began (issue 12, stop 51). Never an answer older than one already given.
 *
 * An answer read while something it shows was forgotten is sent but not kept; while announcements may
 * be missed nothing kept is used. Bounded in bytes and in age (since the answer was last read whole).
 * `clock` stands in for the time in tests.
 */
export function createKeptAnswers(
  announcements: ChangeAnnouncements,
  { maxBytes, ttlMs = 10 * 60_000, clock }: { maxBytes: number; ttlMs?: number; clock?: Perf },
) {
  const now = () => (clock ?? performance).now();
  // Which kept answers show each thing, to forget them when it changes.
  const answersShowing = new Map<Shown, Set<string>>();
  const unindex = (key: string, shown: Shown) => {
    const answers = answersShowing.get(shown);
    answers?.delete(key);
    if (answers?.size === 0) answersShowing.delete(shown);
  };
  const kept = new LRUCache<string, Kept>({
    maxSize: maxBytes,
    sizeCalculation: sizeOf,
    ttl: ttlMs,
    // A clock standing in is read at every ask (the default reads the time at most once a millisecond).
    ...(clock && { perf: clock, ttlResolution: 0 }),
    // An answer replaced by its renewal or a new read is indexed again by `keep`, for the difference only.
    noDisposeOnSet: true,
    dispose: ({ shows }, key) => {
      for (const shown of shows) unindex(key, shown);
    },
  });
  const forgettings = createForgettingLog();
  // Reads in flight by key: an ask for the same answer meanwhile waits for it instead of reading again
  // (after a change, every viewer of a page asks at once).
  const reading = new Map<string, Reading>();

  // Whose change each forgetting was, as far as it says (`changedBy`): an ask never takes a read in flight
  // that began before its asker's own latest change (`askedSince`). Unknown askers count from `everyoneSince`.
  const ownChangeAt = new Map<string, number>();
  let everyoneSince = 0;

  function changedBy(memberId: string) {
    if (ownChangeAt.size >= OWN_CHANGES_HELD) {
      // Forgetting whose changes they were only makes every ask wait as strictly as a change of its own would.
      ownChangeAt.clear();
      everyoneSince = forgettings.now();
    }
    ownChangeAt.set(memberId, forgettings.now());
  }

  /**
   * The mark an ask by `asker` needs a read to have begun at (or to have found no change of what it
   * shows since): the asker's own latest change. Another member's change made while a read was in flight
   * need not be in its answer, as with a read the database was already answering; without an asker, or
   * after a change of everyone's (`privacy:*`), every change before the ask.
   */
  function askedSince(asker: string | undefined): number {
    if (asker === undefined) return forgettings.now();
    return Math.max(everyoneSince, ownChangeAt.get(asker) ?? 0);
  }

  function forget(shown: Iterable<Shown>, by?: string) {
    for (const thing of shown) {
      forgettings.forgot(thing);
      const answers = answersShowing.get(thing);
      if (answers) {
        for (const key of [...answers]) {
          const answer = kept.peek(key);
          if (answer?.renewable?.things.has(thing)) mark(answer, thing);
          else kept.delete(key);
        }
      }
      const owner = ownerOf(thing);
      if (owner === EVERYONE) everyoneSince = forgettings.now();
      else if (owner !== undefined) changedBy(owner);
    }
    if (by !== undefined) changedBy(by);
  }

  function mark(answer: Kept, thing: Shown) {
    if (answer.changed.size === 0) answer.changedSince = forgettings.now();
    answer.changed.add(thing);
  }

  announcements.subscribe((announcement) => {
    if (announcement === null) {
      forgettings.cleared();
      // Announcements missed may have held anyone's change, an asker's own from another node too.
      everyoneSince = forgettings.now();
      kept.clear();
      return;
    }
    forget(shownBy(announcement));
  });

  async function readAndKeep(key: string, read: () => Promise<Renewed>, startedAt: number) {
    try {
      const { answer, readAt } = await read();
      const showing = [...new Set(answer.shows)];
      const changedAt = forgettings.firstForgottenSince(startedAt, showing);
      if (changedAt === Number.POSITIVE_INFINITY && announcements.live) keep(key, answer, showing, readAt);
      else {
        // Reads of a key run one after another (an ask joins the read in flight, and begins another only
        // once that one has answered): this one began after the kept answer was read, and holds every
        // change it holds, the asker's own included.
        const older = kept.peek(key);
        if (older) older.newer = answer.body;
      }
      return { body: answer.body, changedAt };
    } finally {
      forgettings.finished(startedAt);
    }
  }

  /**
   * The kept answer with its changed things read again, when it can be; otherwise the whole answer read.
   * Changes while it is renewed are caught as for any read (`readAndKeep`): the renewed answer is then
   * not kept, and the old one stays marked with them (renewed on the next ask), unless one it cannot
   * renew forgot it (read whole on the next ask).
   */
  async function renewOrRead(key: string, read: () => Promise<AnswerRead>): Promise<Renewed> {
    const found = announcements.live ? kept.peek(key) : undefined;
    if (found?.renewable && found.changed.size > 0) {
      const renewed = await found.renewable.renew([...found.changed]);
      if (renewed) return { answer: renewed, readAt: found.readAt };
    }
    const readAt = now();
    return { answer: await read(), readAt };
  }

  /** A new read of `key`, which later asks for it join while it is in flight. */
  function startReading(key: string, read: () => Promise<AnswerRead>): Reading {
    const startedAt = forgettings.started();
    const entry: Reading = { startedAt, answer: readAndKeep(key, () => renewOrRead(key, read), startedAt) };
    reading.set(key, entry);
    const done = () => {
      if (reading.get(key) === entry) reading.delete(key);
    };
    entry.answer.then(done, done);
    return entry;
  }

  /**
   * The answer of a read that began before this ask, unless something it shows was forgotten after the
   * read began and before `askedAt` (`askedSince`: the asker's own latest change, or the ask itself):
   * the read may not hold that change, so the ask takes a read begun since (its own, or another ask's).
   * A change forgotten after `askedAt` need not be in its answer. Under a stream of writes most are:
   * each one sending every ask to a second read made the asks of a busy page wait for two reads in a
   * row, and for a third and a fourth when the second was overtaken too (issue 12, stop 40).
   */
  async function joined(key: string, inFlight: Reading, read: () => Promise<AnswerRead>, askedAt: number) {
    const { body, changedAt } = await inFlight.answer;
    if (changedAt > askedAt) return body;
    const later = reading.get(key);
    return (later && later.startedAt >= askedAt ? later : startReading(key, read)).answer.then(
      (answer) => answer.body,
    );
  }

  /**
   * The newest answer of `found`'s key for an ask while it is renewed, when every change it awaits is
   * another member's (the asker's own latest came before the first); otherwise the ask waits for a read.
   * A read noted newer began while `found` awaited a change (reads begin only then), so after the
   * asker's own latest change too.
   */
  function whileRenewed(found: Kept, since: number): string | undefined {
    if (since >= found.changedSince) return undefined;
    return found.newer ?? found.body;
  }

  function keep(key: string, { body, renewable }: AnswerRead, shows: Shown[], readAt: number) {
    const ttl = ttlMs - (now() - readAt);
    // One larger than all the room is not kept (and must not enter the index), nor one past its age;
    // the answer kept before it goes either way.
    if (sizeOf({ body, shows, renewable }) > maxBytes || ttl <= 0) {
      kept.delete(key);
      return;
    }
    reindex(key, kept.peek(key, { allowStale: true })?.shows ?? [], shows);
    kept.set(
      key,
      {
        body,
        shows,
        renewable: renewable && { things: new Set(renewable.things), renew: renewable.renew },
        changed: new Set(),
        changedSince: Number.POSITIVE_INFINITY,
        readAt,
      },
      { ttl },
    );
  }

  /**
   * Indexes `key` under what its new answer shows instead of what its previous one showed. A renewal
   * mostly shows the same things: taking the whole answer out of the index and putting it back emptied
   * and remade the index's sets and resized its map on every renewal, garbage that lived as long as
   * the answer and so went to the old generation (issue 12, stop 46).
   */
  function reindex(key: string, before: Shown[], after: Shown[]) {
    const shownNow = new Set(after);
    for (const shown of before) if (!shownNow.has(shown)) unindex(key, shown);
    for (const shown of shownNow) {
      const answers = answersShowing.get(shown);
      if (answers) answers.add(key);
      else answersShowing.set(shown, new Set([key]));
    }
  }

  return {
    /**
     * The kept answer of `key` (renewed first if something renewable in it changed, unless a renewal
     * is in flight for other members' changes: then the newest answer read), or `read`'s, kept unless
     * something it shows changed while it was read.
     */
    through(key: string, read: () => Promise<AnswerRead>, asker?: string): Promise<string> {
      const found = announcements.live ? kept.get(key) : undefined;
      if (found && found.changed.size === 0) return Promise.resolve(found.body);
      const inFlight = reading.get(key);
      if (!inFlight) return startReading(key, read).answer.then((answer) => answer.body);
      const since = askedSince(asker);
      const meanwhile = found && whileRenewed(found, since);
      if (meanwhile !== undefined) return Promise.resolve(meanwhile);
      return joined(key, inFlight, read, since);
    },

    /**
     * Forgets every answer showing what this node just changed, before the announcement comes back;
     * `by`: the member who changed it, when what changed does not name them (a post's likes).
     */
    forget,

    get size() {
      return kept.size;
    },
  };
}

export type KeptAnswers = ReturnType<typeof createKeptAnswers>;

/** An answer read or renewed, and when the answer it came from was read whole. */
interface Renewed {
  answer: AnswerRead;
  readAt: number;
}

/** A read in flight: when it began (as the forgetting log counts), and its answer. */
interface Reading {
  startedAt: number;
  /**
   * `changedAt`: the mark of the first forgetting of anything it shows since it began (Infinity when
   * none: it holds every change made before it ended, and was kept).
   */
  answer: Promise<{ body: string; changedAt: number }>;
}

/** How many members' own latest changes are held (`changedBy`), a few seconds of writes on a busy node. */
const OWN_CHANGES_HELD = 10_000;

const EVERYONE = "*";

/**
 * The member whose change a forgotten thing is, as far as it names one: a member's account, follows or
 * blocks, their new post, their notifications, which chats they are in. A post's likes, comments or
 * edit and a chat's messages name nobody (the feature says who, `forget`'s `by`); a change of everyone's
 * posts (`privacy:*`) counts as everyone's own.
 */
function ownerOf(thing: Shown): string | undefined {
  if (thing === "privacy:*") return EVERYONE;
  if (thing === "author:*") return undefined;
  const colon = thing.indexOf(":");
  const kind = thing.slice(0, colon);
  if (kind === "member" || kind === "author" || kind === "notifications" || kind === "chats")
    return thing.slice(colon + 1);
  return undefined;
}

/** What an announcement says changed, as kept answers name it. */
function shownBy(announcement: string): Shown[] {
  const colon = announcement.indexOf(":");
  const kind = announcement.slice(0, colon);
  const id = announcement.slice(colon + 1);
  if (kind === "account" || kind === "member" || kind === "blocked") return [`member:${id}`];
  if (kind === "post" || kind === "notifications" || kind === "chat" || kind === "chats")
    return [`${kind}:${id}`];
  if (kind === "author") return [`author:${id}`, "author:*"];
  if (kind === "privacy") return ["privacy:*"];
  return [];
}
