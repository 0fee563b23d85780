import { Readable } from "node:stream";
import type { Db } from "../../db/database.js";
import type { UserRow } from "../../db/schema.js";
import type { Caller } from "../../platform/caller.js";
import { unauthorized } from "../../platform/errors.js";
import {
  blocksPage,
  chatsPage,
  commentsPage,
  findMember,
  followRequestsPage,
  followsPage,
  highlightsPage,
  identitiesPage,
  likesPage,
  notificationsPage,
  type Position,
  participantsOf,
  postsPage,
  sentMessagesPage,
  sessionsPage,
  storiesPage,
  supportRequestsPage,
} from "./data-export.queries.js";

/** Rows read per query: the most of one list the download holds in memory at once. */
export const EXPORT_PAGE_SIZE = 500;
/** Chats read per query (each then reads its sent messages in pages of their own). */
const CHATS_PAGE_SIZE = 100;

/**
 * What the file says about itself, for whoever opens it. (Never a password hash, code hash or token:
 * each list names its fields one by one.)
 */
const ABOUT =
  "Everything your Flik account holds. Chats list their members and the messages you sent; messages others sent you are theirs and are not included.";

export type DataExportService = ReturnType<typeof createDataExportService>;

/**
 * GET /user/download-data: the member's data as one JSON document, written while it is read. Each list
 * is read in keyset pages and each page written out before the next is read, and the stream is pulled
 * by the client's connection (backpressure), so a member with a million likes costs one page of memory.
 */
export function createDataExportService(deps: { db: Db; pageSize?: number }) {
  const { db } = deps;
  const pageSize = deps.pageSize ?? EXPORT_PAGE_SIZE;

  /** Every row of a list, a page at a time, each page starting after the last row of the one before. */
  async function* pages<Row extends { at: string }>(
    read: (position: Position | undefined, limit: number) => Promise<Row[]>,
    idOf: (row: Row) => string,
  ): AsyncGenerator<Row[]> {
    let position: Position | undefined;
    for (;;) {
      const rows = await read(position, pageSize);
      if (rows.length > 0) yield rows;
      const last = rows.at(-1);
      if (!last || rows.length < pageSize) return;
      position = { at: last.at, id: idOf(last) };
    }
  }

  /** `"name":[…]`, written a page at a time; rows lose their paging position. */
  async function* list<Row extends { at: string }>(
    name: string,
    rows: AsyncGenerator<Row[]>,
    present: (row: Omit<Row, "at">) => object = (row) => row,
  ) {
    yield `,${JSON.stringify(name)}:[`;
    let first = true;
    for await (const page of rows) {
      const items = page.map(({ at: _position, ...row }) => JSON.stringify(present(row))).join(",");
      yield first ? items : `,${items}`;
      first = false;
    }
    yield "]";
  }

  /** The member's chats, each with its members and the messages the member sent in it. */
  async function* chatList(userId: string) {
    yield `,"chats":[`;
    let first = true;
    let afterId: string | undefined;
    for (;;) {
      const page = await chatsPage(db, userId, afterId, CHATS_PAGE_SIZE);
      const participants = await participantsOf(
        db,
        page.map((chat) => chat.id),
      );
      for (const chat of page) {
        const head = JSON.stringify({
          ...chat,
          participants: participants
            .filter((p) => p.chatId === chat.id)
            .map(({ id, username }) => ({ id, username })),
        });
        // The chat's object, left open for the list of sent messages that follows.
        yield `${first ? "" : ","}${head.slice(0, -1)}`;
        first = false;
        yield* list(
          "messagesSent",
          pages(
            (position, limit) => sentMessagesPage(db, chat.id, userId, position, limit),
            (row) => row.id,
          ),
        );
        yield "}";
      }
      const last = page.at(-1);
      if (!last || page.length < CHATS_PAGE_SIZE) break;
      afterId = last.id;
    }
    yield "]";
  }

  async function* document(member: UserRow) {
    const id = member.id;
    yield `{"format":"flik-user-data","version":1,"exportedAt":${JSON.stringify(new Date())},"about":${JSON.stringify(ABOUT)}`;
    yield `,"profile":${JSON.stringify(presentProfile(member))}`;
    yield* list(
      "posts",
      pages(
        (position, limit) => postsPage(db, id, position, limit),
        (row) => row.id,
      ),
    );
    yield* list(
      "comments",
      pages(
        (position, limit) => commentsPage(db, id, position, limit),
        (row) => row.id,
      ),
    );
    yield* list(
      "likes",
      pages(
        (position, limit) => likesPage(db, id, position, limit),
        (row) => row.postId,
      ),
    );
    yield* list(
      "followers",
      pages(
        (position, limit) => followsPage(db, "followers", id, position, limit),
        (row) => row.id,
      ),
    );
    yield* list(
      "following",
      pages(
        (position, limit) => followsPage(db, "following", id, position, limit),
        (row) => row.id,
      ),
    );
    yield* list(
      "followRequestsReceived",
      pages(
        (position, limit) => followRequestsPage(db, "received", id, position, limit),
        (row) => row.id,
      ),
    );
    yield* list(
      "followRequestsSent",
      pages(
        (position, limit) => followRequestsPage(db, "sent", id, position, limit),
        (row) => row.id,
      ),
    );
    yield* list(
      "blockedAccounts",
      pages(
        (position, limit) => blocksPage(db, id, position, limit),
        (row) => row.id,
      ),
    );
    yield* list(
      "highlights",
      pages(
        (position, limit) => highlightsPage(db, id, position, limit),
        (row) => row.id,
      ),
    );
    yield* list(
      "stories",
      pages(
        (position, limit) => storiesPage(db, id, position, limit),
        (row) => row.id,
      ),
    );
    yield* chatList(id);
    yield* list(
      "notifications",
      pages(
        (position, limit) => notificationsPage(db, id, position, limit),
        (row) => row.id,
      ),
    );
    yield* list(
      "sessions",
      pages(
        (position, limit) => sessionsPage(db, id, position, limit),
        (row) => row.id,
      ),
    );
    yield* list(
      "linkedSignIns",
      pages(
        (position, limit) => identitiesPage(db, id, position, limit),
        (row) => row.id,
      ),
      ({ id: _id, ...identity }) => identity,
    );
    yield* list(
      "supportRequests",
      pages(
        (position, limit) => supportRequestsPage(db, id, position, limit),
        (row) => row.id,
      ),
    );
    yield "}\n";
  }

  return {
    /** The member's document as a byte stream; a member gone since signing in is signed out (401). */
    async download(caller: Caller): Promise<Readable> {
      const member = await findMember(db, caller.userId);
      if (!member) throw unauthorized();
      return Readable.from(document(member), { objectMode: false });
    },
  };
}

/** The account's own fields, named one by one so that a new column (or the password hash) never leaks. */
function presentProfile(row: UserRow) {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    emailVerified: row.emailVerified,
    phone: row.phone,
    phoneVerified: row.phoneVerified,
    website: row.website,
    bio: row.bio,
    gender: row.gender,
    avatar: row.avatar,
    verified: row.verified,
    isPrivate: row.isPrivate,
    emailNotifications: row.emailNotifications,
    pushNotifications: row.pushNotifications,
    messagesFrom: row.messagesFrom,
    followersCount: row.followersCount,
    followingCount: row.followingCount,
    postsCount: row.postsCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
