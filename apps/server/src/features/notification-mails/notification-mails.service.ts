import type { FastifyBaseLogger } from "fastify";
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/database.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import type { JobQueue, Jobs } from "../../platform/jobs.js";
import type { Mailer } from "../../platform/mail.js";
import { type FlikIo, onlineAmong } from "../../realtime/realtime.js";
import { composeDigest, type MissedFollower, type MissedMessages } from "./notification-mails.presenter.js";
import {
  clearAllItems,
  clearItems,
  findMailee,
  hasWaitingItems,
  markMailed,
  recordMissed,
  waitingItems,
} from "./notification-mails.queries.js";

/** Never more than one notification e-mail an hour to a member. */
export const NOTIFICATION_MAIL_INTERVAL_MS = 60 * 60_000;
/**
 * A first mail waits this long after what it tells of, so that what follows soon after goes in the same
 * mail, and messages read meanwhile (the member came back) are left out.
 */
export const NOTIFICATION_MAIL_GATHER_SECONDS = 5 * 60;
/**
 * A member found online is taken to be online for this long: a lively chat asks the adapter (a round
 * trip to every node with Redis) once per member and interval, not once per message.
 */
const ONLINE_KEPT_MS = 10_000;

/** A member's next notification mail; at most one waiting per member (stately, keyed by member). */
export const notificationMailQueue: JobQueue<{ userId: string }> = {
  name: "notification-mail",
  policy: "stately",
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
};

/**
 * Notification e-mails (issue 15): a member with notification e-mails on who is offline (no socket on
 * any node) when someone follows them or writes to them gets one mail telling of it, and of whatever
 * else came, at most one an hour. What they missed waits in `notification_mail_items`; the mail is the
 * job runner's `notification-mail` job, one waiting per member.
 */
export function createNotificationMails(deps: {
  db: Db;
  io: FlikIo;
  jobs: Jobs;
  mailer: Mailer;
  domainEvents: DomainEvents;
  appUrl: string;
  log: FastifyBaseLogger;
}) {
  const { db, io, jobs, mailer, log } = deps;
  const seenOnline = new LRUCache<string, true>({ max: 10_000, ttl: ONLINE_KEPT_MS });

  /** Those of these members with no socket open on any node. */
  async function offlineAmong(userIds: string[]) {
    const unknown = userIds.filter((id) => !seenOnline.has(id));
    const online = await onlineAmong(io, unknown);
    for (const id of online) seenOnline.set(id, true);
    return unknown.filter((id) => !online.has(id));
  }

  /** Keeps the event for the members it concerns who are offline and asked for mail, and plans their mail. */
  async function missed(
    item: { kind: "follow" | "message"; actorId: string; chatId: string | null; at: Date },
    recipientIds: string[],
  ) {
    const offline = await offlineAmong(recipientIds.filter((id) => id !== item.actorId));
    // A member who already had something waiting has their mail planned (and each mail plans the next
    // while anything waits).
    for (const userId of await recordMissed(db, item, offline))
      await jobs.send(
        notificationMailQueue,
        { userId },
        { singletonKey: userId, startAfter: NOTIFICATION_MAIL_GATHER_SECONDS },
      );
  }

  deps.domainEvents.on("memberFollowed", ({ followerId, followeeId }) =>
    missed({ kind: "follow", actorId: followerId, chatId: null, at: new Date() }, [followeeId]),
  );
  deps.domainEvents.on("messageSent", ({ chatId, senderId, memberIds, sentAt }) =>
    missed({ kind: "message", actorId: senderId, chatId, at: sentAt }, memberIds),
  );

  /** The job: one mail of what the member missed, unless they had one within the hour (then later). */
  async function deliver({ userId }: { userId: string }, { now }: { now: Date }) {
    const mailee = await findMailee(db, userId);
    if (!mailee) return; // the account is gone, and its items with it
    if (!mailee.mailable) {
      await clearAllItems(db, userId);
      return;
    }
    const nextAllowed = mailee.lastSentAt && mailee.lastSentAt.getTime() + NOTIFICATION_MAIL_INTERVAL_MS;
    if (nextAllowed && nextAllowed > now.getTime()) {
      await jobs.send(
        notificationMailQueue,
        { userId },
        { singletonKey: userId, startAfter: new Date(nextAllowed) },
      );
      return;
    }
    const items = await waitingItems(db, userId);
    const followers: MissedFollower[] = [];
    const messages: MissedMessages[] = [];
    for (const item of items) {
      if (item.kind === "follow" && item.stillFollows) followers.push(item.actor);
      if (item.kind === "message" && item.unreadMessages > 0)
        messages.push({
          username: item.actor.username,
          groupName: item.chat?.isGroupChat ? item.chat.name : null,
          count: item.unreadMessages,
        });
    }
    const covered = items.map(({ id, lastAt }) => ({ id, lastAt }));
    if (followers.length === 0 && messages.length === 0) {
      await clearItems(db, covered);
    } else {
      // Sent before it is recorded: a crash in between sends it again on the retry, rather than never.
      await mailer.send(
        composeDigest({
          to: mailee.email,
          username: mailee.username,
          followers,
          messages,
          appUrl: deps.appUrl,
        }),
      );
      await markMailed(db, userId, now, covered);
      log.info({ userId, followers: followers.length, chats: messages.length }, "notification mail sent");
    }
    // What came while this one was read or written, or did not fit in it, goes in the next.
    if (await hasWaitingItems(db, userId)) {
      const next = followers.length + messages.length > 0 ? now.getTime() + NOTIFICATION_MAIL_INTERVAL_MS : 0;
      await jobs.send(
        notificationMailQueue,
        { userId },
        { singletonKey: userId, startAfter: next ? new Date(next) : NOTIFICATION_MAIL_GATHER_SECONDS },
      );
    }
  }

  deps.jobs.define(notificationMailQueue, deliver);
  return { deliver };
}
