import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrationsDir } from "../platform/paths.js";
import { openTestDatabase } from "../test/database.js";
import { tempDir } from "../test/temp-dir.js";
import type { Database } from "./database.js";
import { migrateWhenBehind, newestMigrationOf } from "./migrations.js";

describe("migrations on start", () => {
  let database: Database;
  const query = (text: string) => database.executeSql(text, []);

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("records this build's newest migration once a database is opened (the question a restart asks)", async () => {
    const { rows } = await database.executeSql(
      "select max(created_at) as newest from drizzle.__drizzle_migrations",
    );
    expect(Number((rows[0] as { newest: unknown }).newest)).toBe(newestMigrationOf(migrationsDir));
  });

  it("does not run the migrator on a database at the newest migration", async () => {
    const migrate = vi.fn(async () => {});
    await migrateWhenBehind({ folder: migrationsDir, query, migrate });
    expect(migrate).not.toHaveBeenCalled();
  });

  it("runs it when the newest migration is not applied yet", async () => {
    const migrate = vi.fn(async () => {});
    const newer = journalFolder(newestMigrationOf(migrationsDir) + 1);
    await migrateWhenBehind({ folder: newer, query, migrate });
    expect(migrate).toHaveBeenCalledOnce();
  });

  it("runs it on a database without the record (a new one), and its failure is the start's", async () => {
    const refused = async () => {
      throw new Error('relation "drizzle.__drizzle_migrations" does not exist');
    };
    const migrate = vi.fn(async () => {
      throw new Error("could not migrate");
    });
    await expect(migrateWhenBehind({ folder: migrationsDir, query: refused, migrate })).rejects.toThrow(
      "could not migrate",
    );
    expect(migrate).toHaveBeenCalledOnce();
  });
});

describe("0022: sign-in tallies per name", () => {
  it("keeps a tally kept per account under both of its names, lock and all", async () => {
    const database = await openTestDatabase();
    try {
      // The table as 0021 left it (this file's own database), with a member locked out.
      await database.executeSql("delete from sign_in_throttles");
      await database.executeSql(
        "alter table sign_in_throttles drop constraint sign_in_throttles_user_id_identifier_pk",
      );
      await database.executeSql("alter table sign_in_throttles drop column identifier");
      await database.executeSql(
        "alter table sign_in_throttles add constraint sign_in_throttles_pkey primary key (user_id)",
      );
      const { rows: made } = await database.executeSql(
        "insert into users (username, email, full_name, password_hash) values ('ilse', 'ilse@example.com', 'Ilse', 'x') returning id",
      );
      const { id } = made[0] as { id: string };
      await database.executeSql(
        `insert into sign_in_throttles (user_id, failures, last_failed_at, locked_until) values ('${id}', 7, now(), now() + interval '15 minutes')`,
      );

      const sql = readFileSync(join(migrationsDir, "0022_sign_in_throttles_per_identifier.sql"), "utf8");
      for (const statement of sql.split("--> statement-breakpoint")) await database.executeSql(statement);

      const { rows } = await database.executeSql(
        "select identifier, failures, locked_until > now() as locked from sign_in_throttles order by identifier",
      );
      expect(rows).toEqual([
        { identifier: "ilse", failures: 7, locked: true },
        { identifier: "ilse@example.com", failures: 7, locked: true },
      ]);
    } finally {
      await database.close();
    }
  });
});

describe("0025: a message's clientId per chat", () => {
  it("keeps every message and takes a sender's clientId once in each chat", async () => {
    const database = await openTestDatabase();
    const one = async (text: string) => (await database.executeSql(text)).rows[0] as { id: string };
    try {
      // The index as 0024 left it: a sender's clientId unique across all their chats.
      await database.executeSql('drop index "messages_chat_sender_client_id"');
      await database.executeSql(
        'create unique index "messages_sender_client_id" on "messages" ("sender_id", "client_id")',
      );
      const { id: userId } = await one(
        "insert into users (username, email, full_name, password_hash) values ('jo', 'jo@example.com', 'Jo', 'x') returning id",
      );
      const chat = () =>
        one("insert into chats (is_group_chat, name) values (true, 'Group') returning id").then(
          (row) => row.id,
        );
      const [here, there] = [await chat(), await chat()];
      const send = (chatId: string, clientId: string) =>
        database.executeSql(
          `insert into messages (chat_id, sender_id, text, client_id) values ('${chatId}', '${userId}', 'Hi', '${clientId}')`,
        );
      await send(here, "tmp-1");
      await send(there, "tmp-2");

      const sql = readFileSync(join(migrationsDir, "0025_messages_client_id_per_chat.sql"), "utf8");
      for (const statement of sql.split("--> statement-breakpoint")) await database.executeSql(statement);

      await send(there, "tmp-1");
      await expect(send(here, "tmp-1")).rejects.toThrow(/messages_chat_sender_client_id/);
      const { rows } = await database.executeSql("select client_id from messages order by client_id");
      expect(rows).toEqual([{ client_id: "tmp-1" }, { client_id: "tmp-1" }, { client_id: "tmp-2" }]);
    } finally {
      await database.close();
    }
  });
});

describe("0028: a comment notification tied to its comment", () => {
  it("ties those made before to the comment they tell of, so deleting it takes them along", async () => {
    const database = await openTestDatabase();
    const one = async (text: string) => (await database.executeSql(text)).rows[0] as { id: string };
    try {
      // The table as 0027 left it.
      await database.executeSql('alter table "notifications" drop column "comment_id"');
      const member = (name: string) =>
        one(
          `insert into users (username, email, full_name, password_hash) values ('${name}', '${name}@example.com', '${name}', 'x') returning id`,
        ).then((row) => row.id);
      const [owner, commenter] = [await member("own"), await member("com")];
      const { id: post } = await one(
        `insert into posts (user_id, image, caption, media_type) values ('${owner}', '/media/image/a.jpg', '', 'image') returning id`,
      );
      const comment = (text: string) =>
        one(
          `insert into post_comments (post_id, user_id, text) values ('${post}', '${commenter}', '${text}') returning id`,
        );
      const [rude, kind] = [await comment("Rude"), await comment("Kind")];
      const notify = (text: string) =>
        one(
          `insert into notifications (recipient_id, sender_id, type, post_id, comment) values ('${owner}', '${commenter}', 'comment', '${post}', '${text}') returning id`,
        );
      const [rudeNote, kindNote] = [await notify("Rude"), await notify("Kind")];

      const sql = readFileSync(join(migrationsDir, "0028_comment_notifications.sql"), "utf8");
      for (const statement of sql.split("--> statement-breakpoint")) await database.executeSql(statement);

      const tied = await database.executeSql(`select id, comment_id from notifications order by comment`);
      expect(tied.rows).toEqual([
        { id: kindNote.id, comment_id: kind.id },
        { id: rudeNote.id, comment_id: rude.id },
      ]);
      await database.executeSql(`delete from post_comments where id = '${rude.id}'`);
      const left = await database.executeSql("select id from notifications");
      expect(left.rows).toEqual([{ id: kindNote.id }]);
    } finally {
      await database.close();
    }
  });
});

/** A migrations folder whose journal's newest entry is at `when`. */
function journalFolder(when: number): string {
  const folder = tempDir("migrations");
  mkdirSync(join(folder, "meta"));
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify({ entries: [{ when: 1 }, { when }] }));
  return folder;
}
