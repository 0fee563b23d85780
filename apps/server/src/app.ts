import { randomUUID } from "node:crypto";
import { mediaBodies } from "@flik/shared";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type onRouteHookHandler,
} from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import pino from "pino";
import { type Database, openDatabase } from "./db/database.js";
import { accountRoutes } from "./features/account/account.routes.js";
import { createAccountService } from "./features/account/account.service.js";
import { createOneTimeCodes } from "./features/account/one-time-codes.js";
import { authRoutes } from "./features/auth/auth.routes.js";
import { createAuthService } from "./features/auth/auth.service.js";
import { createPasswordResetService } from "./features/auth/password-reset.service.js";
import { createSignInThrottle } from "./features/auth/sign-in-throttle.js";
import { blocksRoutes } from "./features/blocks/blocks.routes.js";
import { createBlocksService } from "./features/blocks/blocks.service.js";
import { registerBlockRooms } from "./features/blocks/blocks.sockets.js";
import { createChatEvents } from "./features/chats/chats.events.js";
import { registerPresence } from "./features/chats/chats.presence.js";
import { chatsRoutes } from "./features/chats/chats.routes.js";
import { createChatsService } from "./features/chats/chats.service.js";
import { registerChatSockets } from "./features/chats/chats.sockets.js";
import { dataExportRoutes } from "./features/data-export/data-export.routes.js";
import { createDataExportService } from "./features/data-export/data-export.service.js";
import { exploreRoutes } from "./features/explore/explore.routes.js";
import { createExploreService } from "./features/explore/explore.service.js";
import { externalAuthRoutes, identitiesRoutes } from "./features/external-auth/external-auth.routes.js";
import { createExternalAuthService } from "./features/external-auth/external-auth.service.js";
import { createHandoffCodes } from "./features/external-auth/handoff.js";
import { createOidcVerifier } from "./features/external-auth/oidc-verifier.js";
import { createFlickEvents } from "./features/flicks/flicks.events.js";
import { flicksRoutes } from "./features/flicks/flicks.routes.js";
import { createFlicksService } from "./features/flicks/flicks.service.js";
import { registerFlickSockets } from "./features/flicks/flicks.sockets.js";
import { emitFollowChanges } from "./features/follows/follows.events.js";
import { followsRoutes } from "./features/follows/follows.routes.js";
import { createFollowsService } from "./features/follows/follows.service.js";
import { answerHealthAtTheDoor } from "./features/health/health.door.js";
import { healthRoutes } from "./features/health/health.routes.js";
import { highlightsRoutes } from "./features/highlights/highlights.routes.js";
import { createHighlightsService } from "./features/highlights/highlights.service.js";
import { awaitUse, registerMediaCleanup, UNUSED_UPLOAD_KEPT_MS } from "./features/media/media.cleanup.js";
import { mediaUploadRoutes, serveMedia } from "./features/media/media.routes.js";
import { createMediaService } from "./features/media/media.service.js";
import { createMediaUploads } from "./features/media/media.uploads.js";
import { createNotificationMails } from "./features/notification-mails/notification-mails.service.js";
import { notificationsRoutes } from "./features/notifications/notifications.routes.js";
import { createNotificationsService } from "./features/notifications/notifications.service.js";
import { pollsRoutes } from "./features/polls/polls.routes.js";
import { createPollsService } from "./features/polls/polls.service.js";
import { createPostEvents } from "./features/posts/posts.events.js";
import { createPostPipeline } from "./features/posts/posts.pipeline.js";
import { postsRoutes } from "./features/posts/posts.routes.js";
import { createPostsService } from "./features/posts/posts.service.js";
import { registerPostSockets } from "./features/posts/posts.sockets.js";
import { createPostSummariesCache } from "./features/posts/posts.summaries-cache.js";
import { searchRoutes } from "./features/search/search.routes.js";
import { createSearchService } from "./features/search/search.service.js";
import { createSessionCache } from "./features/sessions/sessions.cache.js";
import { signedInScope } from "./features/sessions/sessions.guard.js";
import { sessionsRoutes } from "./features/sessions/sessions.routes.js";
import { createSessionsService } from "./features/sessions/sessions.service.js";
import { createTokenSigner } from "./features/sessions/tokens.js";
import { createStoryEvents } from "./features/stories/stories.events.js";
import { registerStoryExpiry } from "./features/stories/stories.expiry.js";
import { storiesRoutes } from "./features/stories/stories.routes.js";
import { createStoriesService } from "./features/stories/stories.service.js";
import { supportRoutes } from "./features/support/support.routes.js";
import { createSupportService } from "./features/support/support.service.js";
import { tagsRoutes } from "./features/tags/tags.routes.js";
import { createTagsService } from "./features/tags/tags.service.js";
import { createAccountCache } from "./features/users/users.cache.js";
import { usersRoutes } from "./features/users/users.routes.js";
import { createUsersService } from "./features/users/users.service.js";
import { registerAccountEvents, registerProfileWatch } from "./features/users/users.sockets.js";
import { type Clock, systemClock } from "./platform/clock.js";
import { compressApiAnswers } from "./platform/compression.js";
import type { Config } from "./platform/config.js";
import { createDomainEvents } from "./platform/domain-events.js";
import { answerClientError, handleError, handleRouterError } from "./platform/errors.js";
import { createJobs, type Jobs } from "./platform/jobs.js";
import { readBodiesAsJson } from "./platform/json-bodies.js";
import { createKeptAnswers } from "./platform/kept-answers.js";
import { createMailer, type Mailer } from "./platform/mail.js";
import { perAddressRateLimit } from "./platform/rate-limits.js";
import { registerSecurity } from "./platform/security.js";
import { createSmsSender, type SmsSender } from "./platform/sms.js";
import { createRealtime, type Realtime } from "./realtime/realtime.js";
import { answerRefusedPage, serveWebApp } from "./web/spa.js";

/**
 * One short log line per request, when it completes, instead of Fastify's two (with whole request and
 * response objects): logging is paid on every request. Healthy health checks are not logged.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    // A load balancer asks many times a second; only a failing answer is worth a line.
    if (!error && reply.statusCode === 200 && request.url === "/api/health") return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, "request failed");
    else reply.log.info(line, "request");
  }
}

/**
 * Standard output written in blocks of a few KB instead of one system call per line (a line per request
 * made the write the costliest part of small answers), flushed at least every LOG_FLUSH_MS so a quiet
 * server's lines still appear at once, and synchronously on exit (pino does that for a buffered stream).
 */
function bufferedStdout() {
  const destination = pino.destination({ dest: 1, minLength: 4096, sync: false });
  const flusher = setInterval(() => {
    try {
      destination.flush();
    } catch {
      clearInterval(flusher); // closed with the process
    }
  }, LOG_FLUSH_MS).unref();
  return destination;
}
const LOG_FLUSH_MS = 250;

export interface App {
  app: FastifyInstance;
  database: Database;
  realtime: Realtime;
  /** Outgoing mail; tests read what the outbox kept. */
  mailer: Mailer;
  /** Outgoing text messages; tests read what the outbox kept. */
  sms: SmsSender;
  /** The background job runner; tests run a job's handler at once with their own clock. */
  jobs: Jobs;
}

/**
 * Builds the whole server (HTTP API, realtime, web app) from a config, without listening: `main.ts`
 * listens on a port, and tests call it through `inject` or on a random port.
 */
export async function buildApp(
  config: Config,
  options: {
    database?: Database;
    /** Told of every route as it is added (the fuzz test enumerates them so). */
    onRoute?: onRouteHookHandler;
    /** The time code expiry and sign-in locks count by (tests move it). */
    clock?: Clock;
    /** Whether this app runs background jobs (default true); one that does not still queues them. */
    runJobs?: boolean;
    /**
     * Whether this app keeps the periodic jobs' schedules (story expiry, trends, explore scores): the
     * server's start (main.ts) turns them on; tests leave them off and run those jobs themselves
     * (`jobs.runNow`), so nothing runs behind their back.
     */
    runSchedules?: boolean;
    /**
     * Whether the app starts its job runner before it is built (default true). The server's start
     * (main.ts) starts it a second after it listens (platform/job-runner-start.ts), so the first answers
     * need not wait for it; jobs sent meanwhile wait for it.
     */
    startJobs?: boolean;
    /**
     * How soon the OpenID provider's keys may be read again for a token naming a key not seen yet (a
     * rotation); 30 s by default. Tests of a rotation set 0.
     */
    oidcKeyRefreshCooldownMs?: number;
  } = {},
): Promise<App> {
  let siteHeaders: Record<string, string> = {};
  const refusedPage = answerRefusedPage(config.webDist, () => siteHeaders);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization"],
      ...(config.logFormat === "pretty"
        ? {
            transport: {
              target: "pino-pretty",
              options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" },
            },
          }
        : { stream: bufferedStdout() }),
    },
    // The peer (hop 0) is trusted to name the client: the client is the address the proxy in front saw.
    // `true` would take the first X-Forwarded-For entry, which the client itself writes.
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    // Fastify fails a plugin that takes over 10 s to register: every plugin here is async (none can
    // forget its `done`), and on a busy machine the site's (routes whose modules are still loading)
    // can take longer. A plugin that truly hangs still fails, after two minutes.
    pluginTimeout: 120_000,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
    frameworkErrors: (error, request, reply) => {
      if (!refusedPage(request, reply)) handleRouterError(error, request, reply);
    },
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  readBodiesAsJson(app);
  // A callback hook, not an async one: it runs on every request, health checks included.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });

  const database =
    options.database ??
    (await openDatabase({
      ...config,
      onConnectionError: (error) =>
        app.log.error({ err: error }, "database connection lost; the pool reconnects"),
    }));
  const realtime = await createRealtime({
    httpServer: app.server,
    redisUrl: config.redisUrl,
    redisChannel: config.redisChannel,
    eventsPerWindow: config.socketEventLimit,
    log: app.log,
  });
  // After Socket.IO, whose request handling it goes before.
  const healthDoor = answerHealthAtTheDoor(app.server, database);
  app.addHook("preClose", async () => {
    healthDoor.close();
    await realtime.closeConnections();
  });
  app.addHook("onClose", async () => {
    await realtime.close();
    if (!options.database) await database.close();
  });

  const { db } = database;
  const mailer = createMailer(config.mail, config.dataDir, app.log);
  const sms = createSmsSender(config.sms, config.dataDir, app.log);
  app.addHook("onClose", async () => mailer.close());
  const clock = options.clock ?? systemClock;
  // Registered after the database's hook, so it runs before it (Fastify runs onClose hooks last-in first).
  const jobs = createJobs(database, app.log, {
    work: options.runJobs ?? true,
    schedules: options.runSchedules ?? false,
    clock,
  });
  app.addHook("onClose", async () => jobs.stop());
  const sessions = createSessionsService({
    db,
    signer: createTokenSigner(config.jwtSecret),
    sessionEnder: realtime,
    cache: createSessionCache(database.announcements),
  });
  realtime.authenticateWith(sessions.authenticate);
  const auth = createAuthService({
    db,
    sessions,
    throttle: createSignInThrottle({ db, clock }),
    mailer,
    log: app.log,
  });
  const codes = createOneTimeCodes({ db, secret: config.jwtSecret, clock });
  const media = createMediaService(config.media, config.publicUrl, {
    jobs,
    log: app.log,
    // Every file kept is removed a day later unless something names it by then (an upload never posted).
    onKept: (url) => awaitUse(db, url, new Date(clock() + UNUSED_UPLOAD_KEPT_MS)),
  });
  registerMediaCleanup({ db, jobs, media, log: app.log });
  const uploads = createMediaUploads({
    db,
    mediaIdOf: media.mediaIdOf,
    hosts: media.hosts,
    whyNotKept: media.whyNotKept,
  });
  // Every body that carries a media URL holds it to the media host in use (issue 20).
  const bodies = mediaBodies(media.hosts);
  const domainEvents = createDomainEvents(app.log);
  const passwordReset = createPasswordResetService({
    db,
    auth,
    codes,
    mailer,
    domainEvents,
    log: app.log,
  });
  const follows = createFollowsService({ db, domainEvents, followsPerMinute: config.followRateLimit });
  emitFollowChanges({ db, io: realtime.io, domainEvents });
  const users = createUsersService({
    db,
    media,
    uploads,
    accounts: createAccountCache(database.announcements),
    domainEvents,
  });
  const kept = createKeptAnswers(database.announcements, { maxBytes: config.keptAnswersMb * 1024 * 1024 });
  const posts = createPostsService({
    db,
    follows,
    media,
    uploads,
    pipeline: createPostPipeline(),
    events: createPostEvents(realtime.io),
    domainEvents,
    summaries: createPostSummariesCache(database.announcements),
    kept,
    commentsPerMinute: config.commentRateLimit,
    sharesPerMinute: config.shareRateLimit,
  });
  registerPostSockets(realtime, posts, follows, domainEvents, app.log);
  const flicks = createFlicksService({
    posts,
    follows,
    events: createFlickEvents(realtime.io),
    domainEvents,
  });
  registerFlickSockets(realtime);
  const notifications = createNotificationsService({ db, io: realtime.io, domainEvents, kept });
  const chats = createChatsService({
    db,
    events: createChatEvents(realtime.io),
    domainEvents,
    messagesPerMinute: config.messageRateLimit,
    messagesInFlight: config.messagesInFlight,
    kept,
  });
  registerChatSockets(realtime, chats, app.log);
  registerPresence(realtime, chats, domainEvents, app.log);
  const highlights = createHighlightsService({ db, uploads, users });
  const stories = createStoriesService({
    db,
    follows,
    events: createStoryEvents(realtime.io),
    clock,
    uploads,
  });
  registerStoryExpiry({ db, jobs, log: app.log });
  const account = createAccountService({
    db,
    auth,
    users,
    codes,
    mailer,
    sms,
    domainEvents,
    sessions,
    log: app.log,
  });
  createNotificationMails({
    db,
    io: realtime.io,
    jobs,
    mailer,
    domainEvents,
    appUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    log: app.log,
  });
  const support = createSupportService({
    db,
    mailer,
    jobs,
    supportEmail: config.mail.supportEmail,
    log: app.log,
  });
  const blocks = createBlocksService({ db, users, domainEvents });
  registerBlockRooms(realtime, blocks, domainEvents);
  registerAccountEvents(realtime, domainEvents);
  registerProfileWatch(realtime);
  const dataExport = createDataExportService({ db });
  const externalAuth = createExternalAuthService({
    db,
    oidc: config.oidc,
    verifier:
      config.oidc &&
      createOidcVerifier(config.oidc, {
        log: app.log,
        keyRefreshCooldownMs: options.oidcKeyRefreshCooldownMs,
      }),
    sessions,
    handoff: createHandoffCodes({ db, clock }),
    media,
    uploads,
    log: app.log,
  });
  const tags = createTagsService({ db, posts, jobs, domainEvents });
  const search = createSearchService({ db, posts, tags });
  const explore = createExploreService({ db, posts, tags, jobs });
  const polls = createPollsService({ db });
  if (options.startJobs ?? true) await jobs.start();

  // Load balancers ask for health many times a second: it answers beside the site, without the
  // security headers and rate limits every page and API call pays for (it has no body worth guarding).
  await app.register(healthRoutes(database), { prefix: "/api" });
  const authRateLimit = perAddressRateLimit(config.authRateLimit, { trustProxy: config.trustProxy });
  await app.register(async (site) => {
    // The browser signs in with the identity provider itself (PKCE): an http one needs its origin here.
    const providerOrigin = config.oidc ? new URL(config.oidc.issuer) : null;
    siteHeaders = await registerSecurity(site, {
      connectTo: providerOrigin?.protocol === "http:" ? [providerOrigin.origin] : [],
      mediaHosts: media.hosts,
    });
    await site.register(
      async (api) => {
        await compressApiAnswers(api);
        await api.register(authRoutes({ auth, passwordReset, rateLimit: authRateLimit }));
        await api.register(externalAuthRoutes({ externalAuth, rateLimit: authRateLimit }));
        await api.register(
          signedInScope(sessions, async (signedIn) => {
            await signedIn.register(
              usersRoutes({ users, posts, kept, searchesPerMinute: config.searchRateLimit, bodies }),
            );
            await signedIn.register(sessionsRoutes(sessions));
            await signedIn.register(accountRoutes({ account, rateLimit: authRateLimit }));
            await signedIn.register(identitiesRoutes({ externalAuth, rateLimit: authRateLimit }));
            await signedIn.register(followsRoutes({ follows, users }));
            await signedIn.register(highlightsRoutes({ highlights, users, bodies }));
            await signedIn.register(storiesRoutes(stories, users, bodies));
            await signedIn.register(postsRoutes(posts, bodies));
            await signedIn.register(flicksRoutes(flicks));
            await signedIn.register(notificationsRoutes(notifications));
            await signedIn.register(chatsRoutes(chats));
            await signedIn.register(mediaUploadRoutes(media, uploads));
            await signedIn.register(blocksRoutes(blocks));
            await signedIn.register(dataExportRoutes(dataExport));
            await signedIn.register(supportRoutes(support));
            const searchesPerMinute = config.searchRateLimit;
            await signedIn.register(searchRoutes({ search, searchesPerMinute }));
            await signedIn.register(tagsRoutes({ tags, searchesPerMinute }));
            await signedIn.register(exploreRoutes(explore));
            await signedIn.register(pollsRoutes(polls));
          }),
        );
      },
      { prefix: "/api" },
    );
    await serveMedia(site, media, config.media.dir);
    await serveWebApp(site, config.webDist);
  });
  return { app, database, realtime, mailer, sms, jobs };
}
