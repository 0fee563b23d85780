import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";

/** The most of a provider's picture read: an avatar is kept at 300x300 anyway. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** The most time the whole fetch may take (every redirect together); sign-in waits for it. */
export const PICTURE_TIMEOUT_MS = 5_000;
const MAX_REDIRECTS = 3;

/** Addresses a picture is never fetched from, unless the issuer itself is on one (a local test setup). */
const internal = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  internal.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  internal.addSubnet(network, prefix, "ipv6");
}

/** Whether an IP address is loopback, private, link-local (cloud metadata) or otherwise not public. */
export function isInternalAddress(address: string): boolean {
  const plain = address.replace(/^::ffff:/i, "");
  const family = isIP(plain);
  if (family === 0) return true;
  return internal.check(plain, family === 4 ? "ipv4" : "ipv6");
}

export interface PictureRules {
  /** http as well as https (only when the issuer itself is served over http, as in tests). */
  allowHttp: boolean;
  /** Loopback and private addresses too (only when the issuer itself is on one). */
  allowInternal: boolean;
  maxBytes?: number;
  timeoutMs?: number;
}

/**
 * The bytes of a provider's `picture`, or null when it cannot be had within the rules: https only
 * (unless `allowHttp`), never from an internal address (checked on the address actually connected to,
 * so a name that resolves inward is refused too), at most `maxBytes`, within `timeoutMs` in all,
 * following at most three redirects under the same rules. What the bytes are is the media host's check.
 */
export async function fetchPicture(url: string, rules: PictureRules): Promise<Buffer | null> {
  const signal = AbortSignal.timeout(rules.timeoutMs ?? PICTURE_TIMEOUT_MS);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return null;
  }
  for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
    const answer = await get(target, rules, signal).catch(() => null);
    if (!answer) return null;
    if ("location" in answer) {
      try {
        target = new URL(answer.location, target);
      } catch {
        return null;
      }
      continue;
    }
    return answer.bytes;
  }
  return null;
}

function get(
  target: URL,
  rules: PictureRules,
  signal: AbortSignal,
): Promise<{ bytes: Buffer } | { location: string } | null> {
  const secure = target.protocol === "https:";
  if (!secure && !(rules.allowHttp && target.protocol === "http:")) return Promise.resolve(null);
  if (target.username || target.password) return Promise.resolve(null);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !rules.allowInternal && isInternalAddress(host)) return Promise.resolve(null);
  const maxBytes = rules.maxBytes ?? PICTURE_MAX_BYTES;

  // Checks every address a name resolves to, at the moment of connecting (no second lookup to race).
  const lookup = (
    hostname: string,
    options: object,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      if (!rules.allowInternal && list.some((entry) => isInternalAddress(entry.address))) {
        return callback(new Error(`${hostname} resolves to an internal address`), []);
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} has no address`), []);
      callback(null, first.address, first.family);
    });
  };

  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).get(
      target,
      { signal, lookup: lookup as never, headers: { accept: "image/*" } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ location: response.headers.location });
          return;
        }
        if (status !== 200 || Number(response.headers["content-length"] ?? 0) > maxBytes) {
          response.resume();
          resolve(null);
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxBytes) {
            request.destroy();
            resolve(null);
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ bytes: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}
