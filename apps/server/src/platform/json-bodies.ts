import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance } from "fastify";
import { BODY_NOT_JSON_MESSAGE, invalidField, SEND_JSON_MESSAGE, unsupportedMediaType } from "./errors.js";

/**
 * JSON bodies are read by Fastify's own parser (with its guards against `__proto__` and `constructor`
 * keys), except that an empty one is no body, as it is when no content type is sent: a client library
 * that sends `Content-Type: application/json` on every call gets the same answer from the body-less
 * calls (follow, like, mark as read, every DELETE) as one that does not, instead of a 400.
 */
export function readBodiesAsJson(app: FastifyInstance): void {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning ?? "error", onConstructorPoisoning ?? "error");
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    const text = body.toString();
    parseJson(request, text, (error, value) => {
      if (!error) done(null, value);
      // Refused for a `__proto__` or `constructor.prototype` key, not for its syntax: said so, as
      // "not valid JSON" would send the client looking for a syntax error that is not there.
      else if (isPlainJson(text)) done(invalidField("body", PROTOTYPE_KEY_MESSAGE), undefined);
      // Fastify's words ("Body is not valid JSON but content-type is set to 'application/json'") in ours,
      // naming the field as every 400 does.
      else done(invalidField("body", BODY_NOT_JSON_MESSAGE), undefined);
    });
  });
  refuseTextBodies(app);
  refuseEncodedBodies(app);
}

export const ENCODED_BODY_MESSAGE = "Send the body uncompressed (without Content-Encoding)";

/**
 * A body is read as sent: one compressed (Content-Encoding: gzip …) is refused with a 415 that says so
 * and names the coding read (`Accept-Encoding: identity`, RFC 9110 §15.5.16), rather than read as JSON
 * gone wrong, or as plain JSON under a header that says otherwise. A request without a body (a GET, a
 * follow) is answered whatever the header says: there is nothing encoded to read.
 */
function refuseEncodedBodies(app: FastifyInstance): void {
  app.addHook("preParsing", (request, reply, payload, done) => {
    const coding = request.headers["content-encoding"]?.trim().toLowerCase();
    if (!coding || coding === "identity" || !hasBody(request.headers)) return done(null, payload);
    reply.header("accept-encoding", "identity");
    done(unsupportedMediaType(ENCODED_BODY_MESSAGE), payload);
  });
}

function hasBody(headers: IncomingHttpHeaders): boolean {
  return headers["transfer-encoding"] !== undefined || Number(headers["content-length"] ?? 0) > 0;
}

/**
 * A body is JSON (or a file upload's multipart form, where the media routes read it). Text is a 415
 * that says what to send, not a 400 calling a JSON object "not an object"; an empty text body is no
 * body, as fetch() sends `text/plain` with `body: ""`.
 */
function refuseTextBodies(app: FastifyInstance): void {
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => {
    if (body.length === 0) done(null, undefined);
    else done(unsupportedMediaType(SEND_JSON_MESSAGE), undefined);
  });
}

export const PROTOTYPE_KEY_MESSAGE = "A body can't hold a __proto__ or constructor.prototype key";

function isPlainJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
