import type { Duplex } from "node:stream";
import type { ApiErrorBody } from "@flik/shared";
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** An answer the client caused: its status, message and headers (if any) reach the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** A machine-readable reason sent beside the message (`ApiErrorBody.code`). */
    readonly code?: string,
    /** The fields a 400 is about (`ApiErrorBody.errors`), as a schema's refusal names them. */
    readonly errors?: ApiErrorBody["errors"],
    /** What failed under the answer (a service's own error): logged with the request, never sent. */
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = "HttpError";
  }
}

/** One field an answer is about, and what is wrong with it. */
type FieldError = NonNullable<ApiErrorBody["errors"]>[number];

/**
 * A 400 about one field of the input that only the service can judge (it needs the caller or the
 * database), answered as the schema's refusals are: the message, and `errors` naming the field.
 */
export const invalidField = (field: string, message: string) =>
  new HttpError(400, message, {}, undefined, [{ field, message }]);
/** A 409 about one field (a username or e-mail someone has), naming it as a 400's `errors` do. */
export const conflictOn = (field: string, message: string) => conflictOnFields(message, [{ field, message }]);
/** A 409 about several fields at once: `message` says it of them all, and each is named with its own words. */
export const conflictOnFields = (message: string, taken: FieldError[]) =>
  new HttpError(409, message, {}, undefined, taken);
export const unauthorized = (message = "Please sign in to continue") => new HttpError(401, message);
export const forbidden = (message = "You are not allowed to do that") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string, code?: string) => new HttpError(409, message, {}, code);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
/**
 * Busy, or a service Flik needs is away: `retryAfterSeconds` tells a well-behaved client when to try
 * again (the `Retry-After` header); `cause`, the service's own error, is logged with the request.
 */
export const serviceUnavailable = (message: string, retryAfterSeconds?: number, cause?: unknown) =>
  new HttpError(
    503,
    message,
    retryAfterSeconds ? { "retry-after": String(retryAfterSeconds) } : {},
    undefined,
    undefined,
    cause === undefined ? {} : { cause },
  );

export const BODY_NOT_OBJECT_MESSAGE = "The body must be a JSON object";
export const BODY_NOT_JSON_MESSAGE = "The body is not valid JSON";
export const SEND_JSON_MESSAGE = "Send the body as JSON (Content-Type: application/json)";

const fieldName = (instancePath: string) => instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";

/**
 * An id in the path that is not the form of any id (`/posts/abc`) names nothing there: a 404 with the
 * resource's own "not found" message, as for a well-formed id that matches nothing, not a 400.
 */
function namesNoId(error: FastifyError): boolean {
  return (
    error.validationContext === "params" &&
    (error.validation ?? []).every((issue) => issue.params.format === "uuid")
  );
}

/** What Node's HTTP parser refuses before Fastify sees a request, as every error here reads: `{message}`. */
const CLIENT_ERRORS: Record<string, { status: number; text: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    text: "Request Timeout",
    message: "The request took too long to arrive.",
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    text: "Request Header Fields Too Large",
    message: "The request's headers are too large.",
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    text: "Payload Too Large",
    message: "The request's chunk extensions are too large.",
  },
};
const NOT_HTTP = { status: 400, text: "Bad Request", message: "The request is not valid HTTP." };

/**
 * Fastify's `clientErrorHandler` (its default answers `{error, message, statusCode}`), with Node's own
 * care: nothing is written into an answer already under way on the connection (a media Range stream).
 */
export function answerClientError(
  this: { log: FastifyBaseLogger } | undefined,
  error: Error & { code?: string },
  socket: Duplex & { _httpMessage?: { headersSent?: boolean } | null },
): void {
  // A connection reset or already closed: there is no one to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  this?.log.trace({ err: error }, "client error");
  const { status, text, message } = CLIENT_ERRORS[error.code ?? ""] ?? NOT_HTTP;
  const body = JSON.stringify({ message } satisfies ApiErrorBody);
  if (socket.writable && !socket._httpMessage?.headersSent)
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

/**
 * The router's own refusals, before any route: a path segment that is not valid URL encoding, or one
 * longer than a route's parameter may be. Answered as every error is, without echoing the path.
 */
export function handleRouterError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return reply.status(414).send({ message: "That address is too long." } satisfies ApiErrorBody);
  }
  const message = "That address is not valid.";
  return reply.status(400).send({ message, errors: [{ field: "path", message }] } satisfies ApiErrorBody);
}

/**
 * Every error becomes `{message}` (plus `errors` on 400) with an honest status. Our own HttpErrors and the
 * 4xx refusals of Fastify and its plugins (bad JSON, an unsupported content type, a body too large) keep
 * their status; anything else is a bug of ours: a 500, logged with the request it failed.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    if (namesNoId(error)) {
      return reply.status(404).send({ message: error.validation[0]?.message ?? "Not found" });
    }
    const all = error.validation.map((issue) => {
      const field = fieldName(issue.instancePath);
      // The whole body of the wrong kind (a list, null, none): zod's words name its types, not the fix.
      const message =
        error.validationContext === "body" && field === "body" && issue.keyword === "invalid_type"
          ? BODY_NOT_OBJECT_MESSAGE
          : (issue.message ?? "Invalid value");
      return { field, message };
    });
    // Each field once, with its first refusal: later rules only say again that the value is wrong (a
    // blank media address is missing, not an address, and not an upload), as a form shows one line.
    const errors = all.filter((entry, index) => all.findIndex((e) => e.field === entry.field) === index);
    const body: ApiErrorBody = { message: errors[0]?.message ?? "Invalid request", errors };
    return reply.status(400).send(body);
  }
  if (error instanceof HttpError) {
    // Caused by something that failed under it (the media storage away): the client is told what it may
    // do, the log says what failed.
    if (error.cause !== undefined) {
      request.log.error(
        { err: error, method: request.method, url: request.url, route: request.routeOptions.url },
        "request failed under it",
      );
    }
    return reply
      .status(error.statusCode)
      .headers(error.headers)
      .send({
        message: error.message,
        ...(error.code !== undefined && { code: error.code }),
        ...(error.errors !== undefined && { errors: error.errors }),
      } satisfies ApiErrorBody);
  }
  const status = error.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    request.log.info({ err: error }, "request refused");
    // A body of a type no route here reads: say which one they do (the media uploads say it themselves).
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.status(415).send({ message: SEND_JSON_MESSAGE } satisfies ApiErrorBody);
    }
    // Fastify's own 400s are of the body as a whole (one shorter than its Content-Length; JSON that does
    // not parse is refused in our words by `readBodiesAsJson`): every 400 names its field (spec §10).
    const errors = status === 400 ? { errors: [{ field: "body", message: error.message }] } : {};
    return reply.status(status).send({ message: error.message, ...errors } satisfies ApiErrorBody);
  }
  // The client went away while its body was being read (an upload cancelled, a tab closed): nothing
  // failed here, and no one is left to answer.
  if (error?.code === "ECONNRESET" && error.message === "aborted" && request.raw.destroyed) {
    request.log.info({ method: request.method, url: request.url }, "request abandoned by the client");
    const message = "The request ended before its body did.";
    return reply.status(400).send({ message, errors: [{ field: "body", message }] } satisfies ApiErrorBody);
  }
  request.log.error(
    { err: error, method: request.method, url: request.url, route: request.routeOptions.url },
    "request failed",
  );
  return reply.status(500).send({ message: "Something went wrong on our side. Please try again." });
}
