import fc from "fast-check";

/**
 * fast-check arbitraries of malformed requests, for the fuzz test (app.fuzz.test.ts): for a route and its
 * zod schemas, requests whose path parameters, query strings and bodies are wrong in every way we could
 * think of (wrong types, missing fields, NUL characters, huge strings, odd unicode, bad ids and cursors,
 * bad JSON, other content types, broken multipart), mixed with valid values so that many get past the
 * schema to the service and the database.
 */

/** A route as Fastify's onRoute hook tells it. */
export interface FuzzRoute {
  method: string;
  url: string;
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
}

/** What the test knows exists: real ids, usernames and cursors, and valid values of any field. */
export interface FuzzContext {
  /** Real ids by what they name ("post", "chat", "user" ...), so a path gets ids of its own kind. */
  ids: Record<string, string[]>;
  usernames: string[];
  cursors: string[];
  /** Values some field of some request takes: each field keeps those its own schema accepts. */
  candidates: unknown[];
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  contentType?: string;
  payload?: string | Buffer;
}

interface Schema {
  safeParse(value: unknown): { success: boolean };
}

const allIds = (context: FuzzContext) => Object.values(context.ids).flat();

/** The fields of an object schema, through optional, nullable, default and pipe wrappers. */
function shapeOf(schema: unknown): Record<string, Schema> {
  let current = schema as Record<string, unknown> | undefined;
  for (let depth = 0; current && depth < 6; depth++) {
    if (typeof current.shape === "object" && current.shape) return current.shape as Record<string, Schema>;
    current = (typeof current.unwrap === "function" ? current.unwrap() : current.in) as typeof current;
  }
  return {};
}

/** Percent-encodes text for a URL; a lone surrogate (which encodeURIComponent refuses) becomes U+FFFD. */
export const percentEncode = (text: string) => encodeURIComponent(Buffer.from(text, "utf8").toString("utf8"));

/** Strings nobody should send: NUL, lone surrogates, bidi overrides, joiners, injections, blanks. */
const oddText = fc.constantFrom(
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDFFF",
  "\u202Eevil",
  "\uFEFF",
  "\u200D",
  "🏳️‍🌈",
  "e\u0301",
  "\uFFFF",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "%00",
  "%",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "\\",
  "\r\n",
  " ",
  "",
);
const hugeText = fc
  .tuple(fc.constantFrom("a", "é", "😀", "\u0000", " "), fc.integer({ min: 1_000, max: 150_000 }))
  .map(([char, count]) => char.repeat(count));
const shortText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 10 }),
  oddText,
);
const anyText = fc.oneof({ weight: 8, arbitrary: shortText }, { weight: 1, arbitrary: hugeText });

/** A text with a NUL character put somewhere into it. */
const withNul = (texts: string[]) =>
  fc.tuple(fc.constantFrom(...texts), fc.nat()).map(([text, at]) => {
    const i = at % (text.length + 1);
    return `${text.slice(0, i)}\u0000${text.slice(i)}`;
  });

const badId = fc.oneof(
  fc.uuid(),
  fc.constantFrom(
    "0",
    "-1",
    "null",
    "undefined",
    "00000000-0000-0000-0000-000000000000",
    "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF",
    "0190c0de-0000-7000-8000-00000000000g",
    "not-an-id",
  ),
  fc.uuid().map((id) => `${id}x`),
  shortText,
);

const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const anyTime = fc.oneof(
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.constantFrom("0000-01-01T00:00:00.000Z", "+275760-09-13T00:00:00.000Z", "Invalid Date", "2024-02-30"),
  shortText,
);

function badCursor(context: FuzzContext) {
  return fc.oneof(
    fc.tuple(anyTime, fc.oneof(fc.uuid(), badId)).map(([time, id]) => base64url(`${time}|${id}`)),
    fc.tuple(anyTime, fc.uuid(), shortText).map(([time, id, more]) => base64url(`${time}|${id}|${more}`)),
    ...(context.cursors.length ? [fc.constantFrom(...context.cursors)] : []),
    shortText,
  );
}

function nasty(context: FuzzContext) {
  const scalar = fc.oneof(
    { weight: 4, arbitrary: anyText },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null, 0, -1, 1e308, "1e400", "0x10", "-0") },
    { weight: 2, arbitrary: badId },
    { weight: 1, arbitrary: badCursor(context) },
    { weight: 1, arbitrary: fc.constantFrom(...allIds(context)) },
  );
  return fc.oneof(
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

/** Values for one field: valid ones (of the known candidates), valid ones with a NUL, or nasty ones. */
function fieldValue(schema: Schema, context: FuzzContext, pool = context.candidates) {
  const valid = pool.filter((value) => schema.safeParse(value).success);
  const validTexts = valid.filter((value): value is string => typeof value === "string" && value !== "");
  return fc.oneof(
    ...(valid.length ? [{ weight: 4, arbitrary: fc.constantFrom(...valid) }] : []),
    ...(validTexts.length ? [{ weight: 2, arbitrary: withNul(validTexts) }] : []),
    { weight: 3, arbitrary: nasty(context) },
  );
}

/**
 * Objects for a schema: all fields valid but one (that one wrong), or any mix of fields, or present and
 * missing at random; plus a few unknown keys (`__proto__` too).
 */
function objectFor(
  schema: unknown,
  context: FuzzContext,
  special: Record<string, fc.Arbitrary<unknown>> = {},
) {
  const shape = shapeOf(schema);
  const keys = Object.keys(shape);
  const validOf = Object.fromEntries(
    keys.map((key) => [key, context.candidates.filter((value) => shape[key]?.safeParse(value).success)]),
  );
  const validKeys = keys.filter((key) => (validOf[key]?.length ?? 0) > 0);
  const validRecord = fc.record(
    Object.fromEntries(validKeys.map((key) => [key, fc.constantFrom(...(validOf[key] ?? []))])),
  );
  const valuesOf = (key: string) => special[key] ?? fieldValue(shape[key] as Schema, context);
  const fields = Object.fromEntries(keys.map((key) => [key, valuesOf(key)]));
  const extraKeys = fc.oneof(
    fc.string({ maxLength: 10 }),
    fc.constantFrom("__proto__", "constructor", "prototype", "isAdmin", "userId", "_id"),
  );
  const extras = fc.dictionary(extraKeys, nasty(context), { maxKeys: 2 });
  const mixes = [
    fc.record(fields, { requiredKeys: [] }),
    ...(keys.length
      ? [
          fc
            .tuple(validRecord, fc.constantFrom(...keys))
            .chain(([base, key]) => valuesOf(key).map((value) => ({ ...base, [key]: value }))),
        ]
      : []),
  ];
  return fc
    .tuple(fc.oneof(...mixes), fc.option(extras, { freq: 3 }))
    .map(([object, extra]) => ({ ...extra, ...object }));
}

/** Raw stuff that may break a URL: bad percent-encodings, dots, slashes. */
const rawUrlBits = fc.constantFrom(
  "%",
  "%zz",
  "%E0%A4%A",
  "%00",
  "..",
  "%2e%2e",
  "%C0%AF",
  "%2F",
  "a%2Fb",
  "%FF",
);

/**
 * The ids a path parameter most likely names, from its words: `:chatId` a chat, `/posts/:id` a post,
 * `/stories/:id` a story, `/follow/:userId` a member; every id when no kind matches (a new route).
 */
function idsFor(param: string, before: string, context: FuzzContext): string[] {
  const words = [param.replace(/Id$/, ""), before.replace(/ies$/, "y").replace(/s$/, "")];
  const kind = words.find((word) => context.ids[word]);
  return kind ? (context.ids[kind] ?? []) : allIds(context);
}

function pathValue(schema: Schema | undefined, ids: string[], context: FuzzContext) {
  const pool = [...ids, ...context.usernames, ...context.candidates.filter((v) => typeof v === "string")];
  const value = schema ? fieldValue(schema, context, pool) : fc.oneof(shortText, badId);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: value.map((v) => percentEncode(typeof v === "string" ? v : (JSON.stringify(v) ?? ""))),
    },
    { weight: 1, arbitrary: rawUrlBits },
  );
}

function queryFor(schema: unknown, context: FuzzContext) {
  // Cursors get more than their share: a bad one reached the database before.
  const cursorSchema = shapeOf(schema).cursor;
  const cursor = cursorSchema
    ? fc.oneof(badCursor(context), fieldValue(cursorSchema, context))
    : badCursor(context);
  const object = objectFor(schema, context, { cursor }).map((query) =>
    Object.entries(query)
      .flatMap(([key, value]) => (Array.isArray(value) ? value.map((item) => [key, item]) : [[key, value]]))
      .map(([key, value]) => {
        const text = typeof value === "string" ? value : JSON.stringify(value ?? null);
        return `${percentEncode(String(key))}=${percentEncode(text)}`;
      })
      .join("&"),
  );
  const raw = fc.constantFrom("&&==&", "a[b]=c", "cursor=%", "limit=%00", "limit=1&limit=2", "q", "=");
  return fc.oneof({ weight: 5, arbitrary: object }, { weight: 1, arbitrary: raw });
}

/** Bodies for a route with a JSON body: objects for its schema, other JSON, broken JSON, other types. */
function jsonBody(schema: unknown, context: FuzzContext) {
  const json = (value: unknown) => ({
    contentType: "application/json",
    payload: JSON.stringify(value) ?? "",
  });
  return fc.oneof(
    { weight: 8, arbitrary: objectFor(schema, context).map(json) },
    { weight: 1, arbitrary: nasty(context).map(json) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom("{", '{"a":', "[1,", '{"__proto__":{"x":1}}', "nul", ""),
        )
        .map((payload) => ({ contentType: "application/json", payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=b",
            "application/octet-stream",
            "application/json; charset=latin1",
            "application/xml",
            "",
          ),
          fc.string({ maxLength: 40 }),
        )
        .map(([contentType, payload]) => ({ contentType, payload })),
    },
    { weight: 1, arbitrary: fc.constant({ contentType: undefined, payload: undefined }) },
  );
}

/** multipart/form-data bodies, mostly broken: cut off, misnamed, mis-bounded, with odd parts. */
function multipartBody(files: Buffer[]) {
  const crlf = "\r\n";
  const fileBytes = fc.oneof(
    fc.constantFrom(...files),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    fc.constant(Buffer.from("<html><script>alert(1)</script></html>")),
  );
  const partName = fc.oneof(
    fc.constantFrom("file", "upload_preset", "__proto__", "constructor", ""),
    fc.string({ maxLength: 10 }),
  );
  const part = fc.oneof(
    fc
      .tuple(
        partName,
        fc.string({ maxLength: 12 }),
        fc.constantFrom("image/png", "video/mp4", "text/html", ""),
        fileBytes,
      )
      .map(([name, filename, type, bytes]) =>
        Buffer.concat([
          Buffer.from(
            `Content-Disposition: form-data; name="${name}"; filename="${filename}"${crlf}Content-Type: ${type}${crlf}${crlf}`,
          ),
          bytes,
        ]),
      ),
    fc
      .tuple(partName, fc.oneof(fc.constant("flik"), anyText))
      .map(([name, value]) =>
        Buffer.from(`Content-Disposition: form-data; name="${name}"${crlf}${crlf}${value}`),
      ),
    fc.string({ maxLength: 60 }).map((junk) => Buffer.from(junk)),
    fc.constant(Buffer.from(`Content-Disposition: form-data${crlf}${crlf}x`)),
  );
  const boundary = fc.oneof(
    fc.constant("b"),
    fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/),
    fc.constant("x".repeat(300)),
  );
  // A well-formed form (a preset and a file in either order), for uploads that get as far as the file.
  const form = fc
    .tuple(
      fc.oneof(fc.constant("flik"), anyText),
      fc.constantFrom("file", "file", "image", ""),
      fc.constantFrom("image/png", "video/mp4", "text/html", "application/octet-stream"),
      fileBytes,
      fc.boolean(),
    )
    .map(([preset, name, type, bytes, presetFirst]) => {
      const presetPart = `--b${crlf}Content-Disposition: form-data; name="upload_preset"${crlf}${crlf}${preset}${crlf}`;
      const filePart = Buffer.concat([
        Buffer.from(`--b${crlf}Content-Disposition: form-data; name="${name}"; filename="a"${crlf}`),
        Buffer.from(`Content-Type: ${type}${crlf}${crlf}`),
        bytes,
        Buffer.from(crlf),
      ]);
      const parts = presetFirst ? [Buffer.from(presetPart), filePart] : [filePart, Buffer.from(presetPart)];
      return {
        contentType: "multipart/form-data; boundary=b",
        payload: Buffer.concat([...parts, Buffer.from(`--b--${crlf}`)]),
      };
    });
  const broken = fc
    .record({
      boundary,
      parts: fc.array(part, { maxLength: 4 }),
      ending: fc.constantFrom("closed", "closed", "open", "cut"),
      cutAt: fc.nat(),
      header: fc.constantFrom(
        "boundary",
        "boundary",
        "boundary",
        "none",
        "other",
        "quoted",
        "mixed",
        "empty",
      ),
    })
    .map(({ boundary, parts, ending, cutAt, header }) => {
      const chunks = parts.flatMap((body) => [Buffer.from(`--${boundary}${crlf}`), body, Buffer.from(crlf)]);
      if (ending !== "open") chunks.push(Buffer.from(`--${boundary}--${crlf}`));
      let payload = Buffer.concat(chunks);
      if (ending === "cut") payload = payload.subarray(0, cutAt % (payload.length + 1));
      const contentType = {
        boundary: `multipart/form-data; boundary=${boundary}`,
        none: "multipart/form-data",
        other: "multipart/form-data; boundary=not-the-one",
        quoted: `multipart/form-data; boundary="${boundary}"`,
        mixed: `multipart/mixed; boundary=${boundary}`,
        empty: "multipart/form-data; boundary=",
      }[header];
      return { contentType, payload };
    });
  return fc.oneof(form, broken);
}

/**
 * Headers the API reads besides the token: `x-session-id` (logout routes) and `user-agent` (a session's
 * device). Only what HTTP can carry: visible ASCII and Latin-1, no control characters.
 */
function headersFor(context: FuzzContext) {
  const headerText = fc.stringMatching(/^[\x20-\x7e\xa0-\xff]{0,300}$/);
  return fc.record(
    {
      "x-session-id": fc.oneof(fc.constantFrom(...(context.ids.session ?? [])), fc.uuid(), headerText),
      "user-agent": fc.oneof(
        fc.constantFrom("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36", ""),
        headerText,
      ),
    },
    { requiredKeys: [] },
  );
}

/** Malformed requests for one route. `files` are real files the upload routes may get. */
export function requestsFor(
  route: FuzzRoute,
  context: FuzzContext,
  files: Buffer[],
): fc.Arbitrary<FuzzRequest> {
  const params = shapeOf(route.schema?.params);
  const words = route.url.split("/");
  const segments = words.map((segment, i) => {
    const param = segment.slice(1);
    if (segment.startsWith(":"))
      return pathValue(params[param], idsFor(param, words[i - 1] ?? "", context), context);
    if (segment === "*") {
      return fc.array(pathValue(undefined, [], context), { maxLength: 3 }).map((parts) => parts.join("/"));
    }
    return fc.constant(segment);
  });
  const path = fc.tuple(...segments).map((parts) => parts.join("/"));
  const query = fc.option(queryFor(route.schema?.querystring, context), { freq: 2 });
  const isUpload = route.method === "POST" && route.url.endsWith("/upload");
  const body =
    route.method === "GET" || route.method === "HEAD"
      ? fc.constant({ contentType: undefined, payload: undefined })
      : isUpload
        ? fc.oneof(
            { weight: 6, arbitrary: multipartBody(files) },
            { weight: 1, arbitrary: jsonBody(undefined, context) },
          )
        : jsonBody(route.schema?.body, context);
  return fc
    .tuple(path, query, body, headersFor(context))
    .map(([path, search, { contentType, payload }, headers]) => {
      const url = search === null ? path : `${path}?${search}`;
      const request = { method: route.method, url, headers, contentType, payload };
      return { ...request, [fc.toStringMethod]: () => describeRequest(request) };
    });
}

const clip = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** A request as a failure report shows it: what to send to see the 5xx again. */
export function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ""
      : ` body ${JSON.stringify(clip(Buffer.isBuffer(request.payload) ? request.payload.toString("latin1") : request.payload))}`;
  const headers = Object.entries({ ...request.headers, "content-type": request.contentType })
    .filter((header): header is [string, string] => header[1] !== undefined)
    .map(([name, value]) => `${name}: ${JSON.stringify(clip(value, 100))}`);
  return `${request.method} ${clip(request.url)}${headers.length ? ` [${headers.join(", ")}]` : ""}${payload}`;
}
