import { afterAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app.js";
import { openTestDatabase } from "../../test/database.js";
import { factories } from "../../test/factories.js";
import { testConfig } from "../../test/helper.js";
import { startSmtpServer } from "../../test/smtp.js";
import { notificationMailQueue } from "./notification-mails.service.js";

// Servers in turn on one database, as restarts on one data folder (or one PostgreSQL) run them.
const smtp = await startSmtpServer();
const database = await openTestDatabase();
const config = testConfig({ mail: { smtpUrl: smtp.url } });
const running: App[] = [];
afterAll(async () => {
  for (const { app } of running) await app.close();
  await database.close();
});

async function start(options: { runJobs: boolean }) {
  const built = await buildApp(config, { database, ...options });
  running.push(built);
  return built;
}

async function stop(built: App) {
  running.splice(running.indexOf(built), 1);
  await built.app.close();
}

describe("the job runner", () => {
  it("runs a job queued before a restart once the next server starts", async () => {
    // The first server queues the mail but is stopped before it runs (it runs no jobs at all).
    const first = await start({ runJobs: false });
    const { persona, follow, verifyEmail } = factories(first);
    const alice = await persona("alice");
    await verifyEmail(alice);
    const bob = await persona("bob");
    await follow(bob, alice);
    // As if its few minutes of waiting had passed.
    const due = await database.executeSql(
      "update pgboss.job set start_after = now() where name = $1 and singleton_key = $2 and state = 'created' returning id",
      [notificationMailQueue.name, alice.userId],
    );
    expect(due.rows).toHaveLength(1);
    await stop(first);

    const since = smtp.inbox.length;
    await start({ runJobs: true });
    const mail = await smtp.nextMailTo("alice@example.com", since);
    expect(mail.source).toContain("Subject: @bob started following you on Flik");
  });

  it("starts on two nodes at once on a new database (both install its tables; one wins)", async () => {
    const fresh = await openTestDatabase();
    try {
      const nodes = await Promise.all([
        buildApp(config, { database: fresh }),
        buildApp(config, { database: fresh }),
      ]);
      for (const { app } of nodes) await app.close();
    } finally {
      await fresh.close();
    }
  });
});
