import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database.js";
import type { Caller } from "../../platform/caller.js";
import type { JobQueue, Jobs } from "../../platform/jobs.js";
import { composeMail, type Mailer } from "../../platform/mail.js";
import { tooManyFor, waitText } from "../../platform/rate-limits.js";
import {
  findSupportRequest,
  insertSupportRequest,
  markSupportMailed,
  requestsSince,
} from "./support.queries.js";

/** Support requests a member may send in an hour; counted in the database, so on every node alike. */
export const SUPPORT_REQUESTS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

/** A support request whose mail to SUPPORT_EMAIL failed, tried again with backoff (1, 2, 4 … minutes). */
export const supportMailQueue: JobQueue<{ requestId: string }> = {
  name: "support-mail",
  policy: "standard",
  retryLimit: 8,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
};

export type SupportService = ReturnType<typeof createSupportService>;

/**
 * POST /support: the request is stored first, with its member and time; then, when SUPPORT_EMAIL is
 * set, mailed there with the member as reply-to. A failed mail loses nothing: it is logged and tried
 * again by the job runner.
 */
export function createSupportService(deps: {
  db: Db;
  mailer: Mailer;
  jobs: Jobs;
  supportEmail: string | undefined;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db, mailer, jobs, supportEmail, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** Mails a stored request to SUPPORT_EMAIL unless it was already; records when. */
  async function mail(requestId: string) {
    if (!supportEmail) return;
    const request = await findSupportRequest(db, requestId);
    if (!request || request.mailedAt) return;
    const { member } = request;
    await mailer.send({
      ...composeMail({
        to: supportEmail,
        subject: `Support request from @${member.username}`,
        heading: `@${member.username} asks for help`,
        paragraphs: [
          `From: ${member.fullName || member.username} (@${member.username}) <${member.email}>`,
          `Member id: ${member.id} · request ${request.id} · sent ${request.createdAt.toISOString()}`,
          ...request.message.split(/\n+/),
        ],
        footer: "Reply to this e-mail to answer the member: it goes to their address.",
      }),
      replyTo: member.email,
    });
    await markSupportMailed(db, requestId, now());
  }

  jobs.define(supportMailQueue, ({ requestId }) => mail(requestId));

  return {
    async submit(caller: Caller, message: string) {
      const hourAgo = new Date(now().getTime() - HOUR_MS);
      const sent = await requestsSince(db, caller.userId, hourAgo);
      if (sent.count >= SUPPORT_REQUESTS_PER_HOUR) {
        // The hour's first request leaves the count an hour after it was sent.
        const waitMs = (sent.first?.getTime() ?? now().getTime()) + HOUR_MS - now().getTime();
        throw tooManyFor(
          `You have sent ${SUPPORT_REQUESTS_PER_HOUR} support requests in the last hour. Please try again in ${waitText(waitMs)}.`,
          waitMs,
        );
      }
      const requestId = await insertSupportRequest(db, caller.userId, message);
      if (!supportEmail) return;
      try {
        await mail(requestId);
      } catch (error) {
        log.error({ err: error, requestId }, "support request stored, but its mail failed; retried later");
        await jobs
          .send(supportMailQueue, { requestId }, { startAfter: supportMailQueue.retryDelaySeconds })
          .catch((queueError: unknown) =>
            log.error({ err: queueError, requestId }, "support mail retry could not be queued"),
          );
      }
    },
  };
}
