import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEFAULT_IMAGE_MAX_BYTES, DEFAULT_MEDIA_UPLOAD_PRESET, DEFAULT_VIDEO_MAX_BYTES } from "@flik/shared";
import { z } from "zod";
import { defaultDataDir, defaultWebDist } from "./paths.js";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/**
 * MEDIA_ORIGINS: "any" (every http(s) host), "none" (the built-in host's files only), or a comma-separated
 * list of where an external media host delivers files: an origin (`https://res.cloudinary.com`) or a
 * folder on one (`https://res.cloudinary.com/flik/`), kept as URL prefixes ending in "/".
 */
const mediaOrigins = z
  .string()
  .trim()
  .transform((value, context): "any" | string[] => {
    if (value === "any") return "any";
    if (value === "none") return [];
    const prefixes: string[] = [];
    for (const item of value.split(",").map((part) => part.trim())) {
      const url = URL.canParse(item) ? new URL(item) : null;
      if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
        context.addIssue({
          code: "custom",
          message: `must be "any", "none" or http(s) URLs separated by commas (an origin, or a folder on one: https://res.cloudinary.com/flik/); "${item}" is not one`,
        });
        return z.NEVER;
      }
      prefixes.push(`${url.origin}${url.pathname.replace(/\/*$/, "/")}`);
    }
    return prefixes;
  });

/** An origin, maybe with a path, as the URL parser writes it (lower-case host, no default port), without a trailing slash. */
const baseUrl = z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).href.replace(/\/+$/, ""));

/** Every setting Flik reads from the environment; the README lists the same names. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("localhost"),
    DATA_DIR: z.string().min(1).optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    REDIS_CHANNEL: z
      .string()
      .regex(/^[\w.-]{1,64}$/, "must be 1 to 64 letters, digits, periods, dashes or underscores")
      .default("socket.io"),
    JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    PUBLIC_URL: baseUrl.optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    LOG_FORMAT: z.enum(["pretty", "json"]).optional(),
    TRUST_PROXY: booleanFlag.default(false),
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(10),
    MESSAGE_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(120),
    SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(120),
    COMMENT_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(60),
    SHARE_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(60),
    FOLLOW_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(60),
    SOCKET_EVENT_LIMIT: z.coerce.number().int().min(1).max(100000).default(200),
    MESSAGES_IN_FLIGHT: z.coerce.number().int().min(1).max(10000).default(100),
    KEPT_ANSWERS_MB: z.coerce.number().int().min(1).max(65536).default(64),
    WEB_DIST: z.string().min(1).optional(),
    MEDIA_UPLOAD_PRESET: z.string().trim().min(1).max(100).default(DEFAULT_MEDIA_UPLOAD_PRESET),
    MEDIA_IMAGE_MAX_BYTES: z.coerce.number().int().min(1).default(DEFAULT_IMAGE_MAX_BYTES),
    MEDIA_VIDEO_MAX_BYTES: z.coerce.number().int().min(1).default(DEFAULT_VIDEO_MAX_BYTES),
    // sharp's own ceiling (0x3FFF squared): past it no image is read at all.
    MEDIA_MAX_PIXELS: z.coerce.number().int().min(1).max(268_402_689).default(50_000_000),
    MEDIA_IMAGE_DECODES: z.coerce.number().int().min(1).max(64).default(2),
    MEDIA_IMAGE_QUEUE: z.coerce.number().int().min(0).max(1000).default(4),
    MEDIA_VIDEO_MAX_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60 * 60)
      .default(180),
    MEDIA_VIDEO_TRANSCODES: z.coerce.number().int().min(1).max(16).default(1),
    FFMPEG_PATH: z.string().trim().min(1).optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be an S3 bucket name (3 to 63 lower-case letters, digits, dots or dashes)",
      )
      .optional(),
    S3_REGION: z.string().trim().min(1).max(64).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).max(256).optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1).max(256).optional(),
    MEDIA_PUBLIC_BASE: baseUrl.optional(),
    MEDIA_ORIGINS: mediaOrigins.default("any"),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().trim().min(3).max(200).default("Flik <no-reply@flik.localhost>"),
    SUPPORT_EMAIL: z.email().optional(),
    SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMS_WEBHOOK_AUTHORIZATION: z.string().min(1).max(2000).optional(),
    OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_CLIENT_ID: z.string().trim().min(1).max(255).optional(),
    OIDC_AUDIENCE: z.string().trim().min(1).max(2048).optional(),
    OIDC_NAME: z.string().trim().min(1).max(40).optional(),
    // Read only to check MEDIA_IMAGE_DECODES against it; Node reads it itself at start (libuv's default 4).
    UV_THREADPOOL_SIZE: z.coerce.number().int().min(1).max(1024).default(4),
  })
  .refine((settings) => settings.MEDIA_IMAGE_DECODES < settings.UV_THREADPOOL_SIZE, {
    path: ["MEDIA_IMAGE_DECODES"],
    message:
      "must be less than UV_THREADPOOL_SIZE (4 unless set): each decode holds one of Node's worker threads, and reading and writing files needs the others",
  })
  .refine((settings) => !settings.S3_ENDPOINT || settings.S3_BUCKET, {
    path: ["S3_BUCKET"],
    message: "is needed with S3_ENDPOINT (media in a bucket needs both)",
  })
  .refine((settings) => !settings.S3_BUCKET || settings.S3_ENDPOINT, {
    path: ["S3_ENDPOINT"],
    message: "is needed with S3_BUCKET (media in a bucket needs both)",
  })
  .refine((settings) => !settings.OIDC_CLIENT_ID || settings.OIDC_ISSUER, {
    path: ["OIDC_ISSUER"],
    message: "is needed with OIDC_CLIENT_ID (external sign-in needs both)",
  })
  .refine((settings) => !settings.OIDC_ISSUER || settings.OIDC_CLIENT_ID, {
    path: ["OIDC_CLIENT_ID"],
    message: "is needed with OIDC_ISSUER (external sign-in needs both)",
  })
  .refine((settings) => settings.OIDC_ISSUER || (!settings.OIDC_AUDIENCE && !settings.OIDC_NAME), {
    path: ["OIDC_ISSUER"],
    message:
      "is needed with OIDC_AUDIENCE or OIDC_NAME (external sign-in needs OIDC_ISSUER and OIDC_CLIENT_ID)",
  });

export interface Config {
  port: number;
  host: string;
  /** Absolute path; `null` keeps everything in memory (tests). */
  dataDir: string | null;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** The prefix of the Redis channels the app nodes of one Flik share (several Fliks may share a Redis). */
  redisChannel: string;
  jwtSecret: string;
  publicUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** Readable lines for a person at a terminal; JSON lines for log collectors. */
  logFormat: "pretty" | "json";
  trustProxy: boolean;
  /** Sign-in and sign-up attempts per minute and client address. */
  authRateLimit: number;
  /** Chat messages a member may send per minute (per app process). */
  messageRateLimit: number;
  /** Searches (members, posts, tags) a member may make per minute on each search route (per process). */
  searchRateLimit: number;
  /** Comments (posts and flicks together) a member may write per minute (per app process). */
  commentRateLimit: number;
  /** Shares (posts and flicks together) a member may make per minute (per app process). */
  shareRateLimit: number;
  /** Follows and unfollows together a member may make per minute (per app process). */
  followRateLimit: number;
  /** Socket events (joins, typing, seen, sends …) a member may send per 10 seconds (per process). */
  socketEventLimit: number;
  /** Chat messages one app process stores at once; past it a send is refused with 503 (load shed). */
  messagesInFlight: number;
  /** Memory each app process gives the feed pages, flicks, profiles and posts it keeps as answered. */
  keptAnswersMb: number;
  webDist: string;
  media: MediaConfig;
  mail: MailConfig;
  sms: SmsConfig;
  /** External sign-in (issue 19); null when OIDC_ISSUER and OIDC_CLIENT_ID are not set: the feature is off. */
  oidc: OidcConfig | null;
}

/** The OpenID Connect provider members may sign in with. */
export interface OidcConfig {
  /** The provider's issuer URL, as set (`${issuer}/.well-known/openid-configuration` describes it). */
  issuer: string;
  clientId: string;
  /** An API audience the browser asks for (Auth0); ID tokens naming it are accepted beside the client id. */
  audience: string | null;
  /** The button's "Continue with {name}". */
  name: string;
}

/** Outgoing mail (codes, notices, support). Without `smtpUrl`, mail is kept in `$DATA_DIR/outbox`. */
export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
  /** Where support requests are forwarded; unset keeps them in the database only. */
  supportEmail: string | undefined;
}

/** Outgoing text messages (phone codes). Without `webhookUrl`, they are kept in the outbox like mail. */
export interface SmsConfig {
  webhookUrl: string | undefined;
  /** Sent as the webhook request's Authorization header when set. */
  webhookAuthorization: string | undefined;
}

/** The built-in media host (design.md, media upload protocol). */
export interface MediaConfig {
  /** Where uploaded files are kept: `$DATA_DIR/media`. */
  dir: string;
  preset: string;
  imageMaxBytes: number;
  videoMaxBytes: number;
  /** An image of more pixels (all frames of an animation together) is refused from its header. */
  maxPixels: number;
  /** Images decoded at once; each holds its full pixels in memory while it is re-encoded. */
  imageDecodes: number;
  /** Images waiting for a decode; past them an upload is refused with 503 and Retry-After. */
  imageQueue: number;
  /** A longer video is refused at upload (issue 20). */
  videoMaxSeconds: number;
  /** Videos transcoded at once on each node; the rest wait in the job queue. */
  videoTranscodes: number;
  /** The ffmpeg binary; unset, the one npm installed (@ffmpeg-installer/ffmpeg). */
  ffmpegPath?: string | undefined;
  /** Where kept files live: the data folder (`dir`) unless a bucket is configured. */
  s3?: MediaS3Config | null;
  /**
   * The origin kept files' URLs are given under, when not the app's own (`PUBLIC_URL`, or none: URLs
   * relative to the app): a CDN in front of the bucket or of `/media/`. `<base>/media/<kind>/<name>`.
   */
  publicBase?: string | undefined;
  /**
   * Where else media a member sends may come from (issue 20): URL prefixes of an external media host
   * (spec §1), each ending in "/", or "any" host. The built-in host's own URLs are always taken.
   */
  otherOrigins?: "any" | readonly string[];
}

/** An S3-compatible bucket for the media host's files (issue 20). */
export interface MediaS3Config {
  endpoint: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const settings = parsed.data;
  const dataDir = settings.DATA_DIR ? resolve(settings.DATA_DIR) : defaultDataDir;
  mkdirSync(dataDir, { recursive: true });
  return {
    port: settings.PORT,
    host: settings.HOST,
    dataDir,
    databaseUrl: settings.DATABASE_URL,
    redisUrl: settings.REDIS_URL,
    redisChannel: settings.REDIS_CHANNEL,
    jwtSecret: settings.JWT_SECRET ?? readOrCreateSecret(dataDir),
    publicUrl: settings.PUBLIC_URL,
    logLevel: settings.LOG_LEVEL,
    logFormat: settings.LOG_FORMAT ?? (process.stdout.isTTY ? "pretty" : "json"),
    trustProxy: settings.TRUST_PROXY,
    authRateLimit: settings.AUTH_RATE_LIMIT,
    messageRateLimit: settings.MESSAGE_RATE_LIMIT,
    searchRateLimit: settings.SEARCH_RATE_LIMIT,
    commentRateLimit: settings.COMMENT_RATE_LIMIT,
    shareRateLimit: settings.SHARE_RATE_LIMIT,
    followRateLimit: settings.FOLLOW_RATE_LIMIT,
    socketEventLimit: settings.SOCKET_EVENT_LIMIT,
    messagesInFlight: settings.MESSAGES_IN_FLIGHT,
    keptAnswersMb: settings.KEPT_ANSWERS_MB,
    webDist: settings.WEB_DIST ? resolve(settings.WEB_DIST) : defaultWebDist,
    media: {
      dir: join(dataDir, "media"),
      preset: settings.MEDIA_UPLOAD_PRESET,
      imageMaxBytes: settings.MEDIA_IMAGE_MAX_BYTES,
      videoMaxBytes: settings.MEDIA_VIDEO_MAX_BYTES,
      maxPixels: settings.MEDIA_MAX_PIXELS,
      imageDecodes: settings.MEDIA_IMAGE_DECODES,
      imageQueue: settings.MEDIA_IMAGE_QUEUE,
      videoMaxSeconds: settings.MEDIA_VIDEO_MAX_SECONDS,
      videoTranscodes: settings.MEDIA_VIDEO_TRANSCODES,
      ffmpegPath: settings.FFMPEG_PATH,
      s3:
        settings.S3_ENDPOINT && settings.S3_BUCKET
          ? {
              endpoint: settings.S3_ENDPOINT,
              bucket: settings.S3_BUCKET,
              region: settings.S3_REGION,
              accessKeyId: settings.S3_ACCESS_KEY_ID,
              secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
            }
          : null,
      publicBase: settings.MEDIA_PUBLIC_BASE,
      otherOrigins: settings.MEDIA_ORIGINS,
    },
    mail: { smtpUrl: settings.SMTP_URL, from: settings.MAIL_FROM, supportEmail: settings.SUPPORT_EMAIL },
    sms: { webhookUrl: settings.SMS_WEBHOOK_URL, webhookAuthorization: settings.SMS_WEBHOOK_AUTHORIZATION },
    oidc:
      settings.OIDC_ISSUER && settings.OIDC_CLIENT_ID
        ? {
            issuer: settings.OIDC_ISSUER,
            clientId: settings.OIDC_CLIENT_ID,
            audience: settings.OIDC_AUDIENCE ?? null,
            name: settings.OIDC_NAME ?? providerNameOf(settings.OIDC_ISSUER),
          }
        : null,
  };
}

/** A name for the sign-in button when OIDC_NAME is not set: well-known providers by host, else "SSO". */
export function providerNameOf(issuer: string): string {
  const host = new URL(issuer).hostname;
  const known: [RegExp, string][] = [
    [/(^|\.)auth0\.com$/, "Auth0"],
    [/^accounts\.google\.com$/, "Google"],
    [/^login\.microsoftonline\.com$/, "Microsoft"],
    [/(^|\.)okta\.com$/, "Okta"],
    [/^gitlab\.com$/, "GitLab"],
  ];
  return known.find(([pattern]) => pattern.test(host))?.[1] ?? "SSO";
}

/** Keeps a generated secret in the data folder so tokens survive a restart. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(48).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
