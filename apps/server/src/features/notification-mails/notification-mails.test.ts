import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notificationMailItems } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import { buildTestApp, realtimeBed, type SignedIn } from "../../test/helper.js";
import { startSmtpServer } from "../../test/smtp.js";
import {
  NOTIFICATION_MAIL_GATHER_SECONDS,
  NOTIFICATION_MAIL_INTERVAL_MS,
  notificationMailQueue,
} from "./notification-mails.service.js";

/**
 * Notification e-mails. The planned job is run here at once (`jobs.runNow`) with the test's own clock,
 * instead of waiting for its time; the job runner itself runs one in notification-mails.restart.test.
 */
const built = await buildTestApp();
const { call, persona, newcomer, follow, chatBetween, groupOf, sendMessage, verifyEmail } = factories(built);
const bed = await realtimeBed(built);
// A second app whose mail leaves through a real SMTP server, as a provider's would take it.
const smtp = await startSmtpServer();
const mailing = await buildTestApp({ mail: { smtpUrl: smtp.url }, publicUrl: "https://flik.example" });

const minutes = (count: number) => count * 60_000;
const mailsTo = (email: string) => built.mailer.kept.filter((mail) => mail.to === email);
const runMail = (member: SignedIn, now = new Date()) =>
  built.jobs.runNow(notificationMailQueue, { userId: member.userId }, now);

/** The member's planned mail jobs (waiting to run), with when they may run. */
async function plannedMails(member: SignedIn) {
  const { rows } = await built.database.executeSql(
    "select start_after from pgboss.job where name = $1 and singleton_key = $2 and state = 'created'",
    [notificationMailQueue.name, member.userId],
  );
  return (rows as { start_after: Date }[]).map((row) => new Date(row.start_after));
}

const waitingItems = (member: SignedIn) =>
  built.database.db
    .select()
    .from(notificationMailItems)
    .where(eq(notificationMailItems.userId, member.userId));

describe("notification e-mails", () => {
  it("tell an offline member of a new follower and new messages in one mail, planned a few minutes later", async () => {
    const alice = await persona("alice");
    await verifyEmail(alice);
    const bob = await persona("bob");
    const before = Date.now();
    await follow(bob, alice);
    const chat = await chatBetween(bob, alice);
    await sendMessage(bob, chat, "Hey Alice");
    await sendMessage(bob, chat, "Are you there?");

    // One mail planned, not one per event, and not at once.
    const planned = await plannedMails(alice);
    expect(planned).toHaveLength(1);
    expect(planned[0]?.getTime()).toBeGreaterThanOrEqual(
      before + NOTIFICATION_MAIL_GATHER_SECONDS * 1000 - 5000,
    );
    expect(mailsTo("alice@example.com")).toEqual([]);

    await runMail(alice);
    const [mail, ...more] = mailsTo("alice@example.com");
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("1 new follower and 2 new messages on Flik");
    expect(mail?.text).toContain("Bob Marley (@bob) started following you.");
    expect(mail?.text).toContain("@bob sent you 2 messages.");
    expect(mail?.text).toContain("/chat");
    // Who wrote, never what.
    expect(mail?.text).not.toContain("Hey Alice");
    expect(mail?.html).toContain("@bob sent you 2 messages.");
    expect(await waitingItems(alice)).toEqual([]);
  });

  it("send at most one mail an hour: what comes within the hour waits for the next", async () => {
    const carol = await persona("carol");
    await verifyEmail(carol);
    const dan = await persona("dan");
    const erin = await persona("erin");
    const sentAt = new Date();
    await follow(dan, carol);
    await runMail(carol, sentAt);
    expect(mailsTo("carol@example.com").map((mail) => mail.subject)).toEqual([
      "@dan started following you on Flik",
    ]);

    await follow(erin, carol);
    const chat = await chatBetween(erin, carol);
    await sendMessage(erin, chat, "Hello!");
    // The mail runs within the hour: nothing is sent, and one mail stays planned.
    await runMail(carol, new Date(sentAt.getTime() + minutes(10)));
    expect(mailsTo("carol@example.com")).toHaveLength(1);
    expect(await plannedMails(carol)).toHaveLength(1);
    // Once the runner takes that one (still within the hour), it plans the next for the hour's end.
    await built.database.executeSql(
      "update pgboss.job set state = 'active', started_on = now() where name = $1 and singleton_key = $2",
      [notificationMailQueue.name, carol.userId],
    );
    await runMail(carol, new Date(sentAt.getTime() + minutes(15)));
    expect(mailsTo("carol@example.com")).toHaveLength(1);
    expect(await plannedMails(carol)).toEqual([new Date(sentAt.getTime() + NOTIFICATION_MAIL_INTERVAL_MS)]);

    await runMail(carol, new Date(sentAt.getTime() + minutes(61)));
    const mails = mailsTo("carol@example.com");
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe("1 new follower and 1 new message on Flik");
    expect(mails[1]?.text).toContain("@erin");
    expect(mails[1]?.text).not.toContain("@dan");
  });

  it("are not sent to an address its member has not verified", async () => {
    const quinn = await newcomer("quinn");
    const rita = await newcomer("rita");
    await follow(rita, quinn);
    await sendMessage(rita, await chatBetween(rita, quinn), "Hi Quinn");
    expect(await waitingItems(quinn)).toEqual([]);
    expect(await plannedMails(quinn)).toEqual([]);
    await runMail(quinn);
    expect(mailsTo("quinn@example.com")).toEqual([]);
  });

  it("are not sent to a member who turned them off", async () => {
    const frank = await persona("frank");
    await verifyEmail(frank);
    const gina = await persona("gina");
    expect(
      (await call(frank, "PUT", "/user/privacy", { emailNotifications: false })).json().user
        .emailNotifications,
    ).toBe(false);
    await follow(gina, frank);
    await sendMessage(gina, await chatBetween(gina, frank), "Hi Frank");
    expect(await waitingItems(frank)).toEqual([]);
    expect(await plannedMails(frank)).toEqual([]);
    await runMail(frank);
    expect(mailsTo("frank@example.com")).toEqual([]);
  });

  it("nor when the member turned them off after the mail was planned", async () => {
    const hank = await persona("hank");
    await verifyEmail(hank);
    const ivy = await newcomer("ivy");
    await follow(ivy, hank);
    await call(hank, "PUT", "/user/privacy", { emailNotifications: false });
    await runMail(hank);
    expect(mailsTo("hank@example.com")).toEqual([]);
    expect(await waitingItems(hank)).toEqual([]);
  });

  it("are not sent for what a member saw online", async () => {
    const jack = await newcomer("jack");
    await verifyEmail(jack);
    const kim = await newcomer("kim");
    await bed.socketOf(jack);
    await follow(kim, jack);
    await sendMessage(kim, await chatBetween(kim, jack), "You're online, I see");
    expect(await waitingItems(jack)).toEqual([]);
    expect(await plannedMails(jack)).toEqual([]);
    await runMail(jack);
    expect(mailsTo("jack@example.com")).toEqual([]);
  });

  it("leave out messages the member read before the mail went, and an unfollow", async () => {
    const lou = await newcomer("lou");
    await verifyEmail(lou);
    const max = await newcomer("max");
    const chat = await chatBetween(max, lou);
    await sendMessage(max, chat, "Seen soon");
    await follow(max, lou);
    await call(max, "POST", `/unfollow/${lou.userId}`);
    expect(await waitingItems(lou)).toHaveLength(2);
    // Lou comes back and reads the chat before the planned mail.
    expect((await call(lou, "PUT", `/messages/${chat._id}/mark-seen`)).statusCode).toBe(200);
    await runMail(lou);
    expect(mailsTo("lou@example.com")).toEqual([]);
    expect(await waitingItems(lou)).toEqual([]);
  });

  it("name a group chat's messages by the group", async () => {
    const ned = await newcomer("ned");
    await verifyEmail(ned);
    const oli = await newcomer("oli");
    const pat = await newcomer("pat");
    const chat = await groupOf(oli, [ned, pat], "Book club");
    await sendMessage(oli, chat, "Chapter 3 tonight");
    await runMail(ned);
    const [mail] = mailsTo("ned@example.com");
    expect(mail?.subject).toBe("A new message from @oli on Flik");
    expect(mail?.text).toContain("@oli sent 1 message in Book club.");
  });

  it("leave out a group the member left before the mail went", async () => {
    const quin = await newcomer("quin");
    await verifyEmail(quin);
    const ray = await newcomer("ray");
    const sal = await newcomer("sal");
    const chat = await groupOf(ray, [quin, sal], "Left behind");
    await sendMessage(ray, chat, "Before she left");
    expect((await call(quin, "POST", `/chats/${chat._id}/leave`)).statusCode).toBe(200);
    await sendMessage(ray, chat, "After she left");
    await runMail(quin);
    expect(mailsTo("quin@example.com")).toEqual([]);
    expect(await waitingItems(quin)).toEqual([]);
  });

  it("link the HTML part to the app's screens (a real <a href>), the text part naming the address", async () => {
    const { persona, follow, chatBetween, sendMessage, verifyEmail } = factories(mailing);
    const alice = await persona("alice");
    await verifyEmail(alice);
    const bob = await persona("bob");
    await follow(bob, alice);
    await sendMessage(bob, await chatBetween(bob, alice), "Hi");

    const since = smtp.inbox.length;
    await mailing.jobs.runNow(notificationMailQueue, { userId: alice.userId }, new Date());
    const { source } = await smtp.nextMailTo("alice@example.com", since);

    expect(source).toContain("See your notifications: https://flik.example/notifications");
    expect(source).toContain("Read your messages: https://flik.example/chat");
    expect(source).toMatch(
      /<a href="https:\/\/flik\.example\/notifications"[^>]*>See your notifications<\/a>/,
    );
    expect(source).toMatch(/<a href="https:\/\/flik\.example\/chat"[^>]*>Read your messages<\/a>/);
    // Not as a paragraph of words with the address in it.
    expect(source).not.toMatch(/<p[^>]*>See your notifications: /);
  });
});
