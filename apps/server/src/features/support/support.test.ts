import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { supportRequests } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import { startSmtpServer } from "../../test/smtp.js";
import { SUPPORT_REQUESTS_PER_HOUR, supportMailQueue } from "./support.service.js";

const smtp = await startSmtpServer();
const SUPPORT = "help@flik.test";
const withMail = await buildTestApp({ mail: { smtpUrl: smtp.url, supportEmail: SUPPORT } });
const withoutAddress = await buildTestApp();
const mailing = factories(withMail);
const keeping = factories(withoutAddress);

const requestsOf = (built: typeof withMail, userId: string) =>
  built.database.db.select().from(supportRequests).where(eq(supportRequests.userId, userId));

describe("POST /support", () => {
  it("stores the request with its member and time, mails it to SUPPORT_EMAIL with the member as reply-to", async () => {
    const { call, persona } = mailing;
    const alice = await persona("alice");
    const before = Date.now();
    const since = smtp.inbox.length;
    const response = await call(alice, "POST", "/support", {
      message: "  My flick will not upload.\nHelp!  ",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: "Support request submitted!" });

    const mail = await smtp.nextMailTo(SUPPORT, since);
    expect(mail.source).toContain("Subject: Support request from @alice");
    expect(mail.source).toMatch(/^Reply-To: alice@example\.com/m);
    expect(mail.source).toContain("My flick will not upload.");
    expect(mail.source).toContain("alice@example.com");

    const [stored] = await requestsOf(withMail, alice.userId);
    expect(stored?.message).toBe("My flick will not upload.\nHelp!");
    expect(stored?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored?.mailedAt).toBeInstanceOf(Date);
  });

  it.each([
    ["an empty message", { message: "" }],
    ["only spaces", { message: "   \n " }],
    ["only invisible characters", { message: "\u200b\u200b" }],
    ["no message", {}],
  ])("refuses %s with 400 'Please enter a message' and stores nothing", async (_case, payload) => {
    const { call, persona } = keeping;
    const bob = await persona("bob");
    const response = await call(bob, "POST", "/support", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Please enter a message");
    expect(await requestsOf(withoutAddress, bob.userId)).toEqual([]);
  });

  it(`takes ${SUPPORT_REQUESTS_PER_HOUR} an hour from a member, then answers 429 with a clear message`, async () => {
    const { call, persona } = keeping;
    const carol = await persona("carol");
    for (let i = 1; i <= SUPPORT_REQUESTS_PER_HOUR; i++)
      expect((await call(carol, "POST", "/support", { message: `Request ${i}` })).statusCode).toBe(201);
    const refused = await call(carol, "POST", "/support", { message: "One more" });
    expect(refused.statusCode).toBe(429);
    // When the hour's first request leaves the count: said in minutes, and as Retry-After in seconds.
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    const minutes = Math.ceil(retryAfter / 60);
    expect(refused.json().message).toBe(
      `You have sent ${SUPPORT_REQUESTS_PER_HOUR} support requests in the last hour. Please try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}.`,
    );
    expect(await requestsOf(withoutAddress, carol.userId)).toHaveLength(SUPPORT_REQUESTS_PER_HOUR);
    // Another member is not held back by carol's.
    const dan = await persona("dan");
    expect((await call(dan, "POST", "/support", { message: "Hello" })).statusCode).toBe(201);
  });

  it("without SUPPORT_EMAIL keeps the request in the database only", async () => {
    const { call, persona } = keeping;
    const erin = await persona("erin");
    const kept = withoutAddress.mailer.kept.length;
    expect((await call(erin, "POST", "/support", { message: "Just saying hi" })).statusCode).toBe(201);
    const [stored] = await requestsOf(withoutAddress, erin.userId);
    expect(stored).toMatchObject({ message: "Just saying hi", mailedAt: null });
    expect(withoutAddress.mailer.kept.length).toBe(kept);
  });

  it("answers 401 when signed out", async () => {
    const response = await withoutAddress.app.inject({
      method: "POST",
      url: "/api/support",
      payload: { message: "Hi" },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("when the mail server is down", () => {
  it("still stores the request and answers 201, and queues the mail to be tried again", async () => {
    const down = await buildTestApp(
      { mail: { smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, supportEmail: SUPPORT } },
      { runJobs: false },
    );
    const { call, persona } = factories(down);
    const frank = await persona("frank");
    const response = await call(frank, "POST", "/support", { message: "Is anyone there?" });
    expect(response.statusCode).toBe(201);
    const [stored] = await requestsOf(down, frank.userId);
    expect(stored).toMatchObject({ message: "Is anyone there?", mailedAt: null });
    const queued = await down.database.executeSql(
      "select data from pgboss.job where name = 'support-mail' and state = 'created'",
    );
    expect(queued.rows).toEqual([{ data: { requestId: stored?.id } }]);
  });

  it("the retry job mails a stored request once, and again never", async () => {
    const gina = await mailing.persona("gina");
    // Stored as if its mail had failed: straight to the table, as the request left it.
    const [request] = await withMail.database.db
      .insert(supportRequests)
      .values({ userId: gina.userId, message: "Left behind" })
      .returning();
    if (!request) throw new Error("no request stored");
    const since = smtp.inbox.length;
    await withMail.jobs.runNow(supportMailQueue, { requestId: request.id });
    const mail = await smtp.nextMailTo(SUPPORT, since);
    expect(mail.source).toContain("Left behind");
    const [after] = await requestsOf(withMail, gina.userId);
    expect(after?.mailedAt).toBeInstanceOf(Date);
    await withMail.jobs.runNow(supportMailQueue, { requestId: request.id });
    const sent = smtp.inbox.slice(since).filter((m) => m.source.includes("Left behind"));
    expect(sent).toHaveLength(1);
  });
});

/** A local port nothing listens on (it was free a moment ago): a connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}
