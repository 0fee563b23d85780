import { HttpError, invalidField, payloadTooLarge, unsupportedMediaType } from "./errors.js";

/** A body that cannot be read names the field `body`, as a JSON body that is not JSON does (spec §10). */
const malformed = (message: string) =>
  invalidField("body", `The upload is not valid multipart/form-data: ${message}`);

const limitCodes = new Set(["FST_PARTS_LIMIT", "FST_FILES_LIMIT", "FST_FIELDS_LIMIT"]);

/**
 * What the client did wrong, when reading a multipart/form-data body failed because of the body: every
 * refusal of @fastify/multipart and of busboy beneath it becomes a 4xx with a message. `fileTooLarge` is
 * the answer for a file over the size cap. Undefined when the body is not to blame (a full disk, a bug of
 * ours): that stays a 500.
 */
export function multipartRefusal(error: unknown, fileTooLarge: () => HttpError): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (!(error instanceof Error)) return undefined;
  const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
  if (code === "FST_REQ_FILE_TOO_LARGE") return fileTooLarge();
  if (typeof code === "string" && limitCodes.has(code)) {
    return payloadTooLarge("This form has too many parts: send one file and its upload_preset.");
  }
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE")
    return unsupportedMediaType("Send the file as multipart/form-data");
  // The plugin's other refusals (a field named like a prototype property, a premature end) carry a 4xx.
  if (typeof code === "string" && typeof statusCode === "number" && statusCode >= 400 && statusCode < 500) {
    if (statusCode === 400) return malformed(error.message);
    return new HttpError(statusCode, `The upload is not valid multipart/form-data: ${error.message}`);
  }
  // busboy refuses a malformed body (no boundary, an unexpected end, a boundary too long) with a plain
  // Error and no code; a system error (which has a code) or any other kind of error is not the body's.
  if (Object.getPrototypeOf(error) === Error.prototype && code === undefined) {
    return malformed(error.message);
  }
  return undefined;
}
