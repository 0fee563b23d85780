// Script a first visit downloads, from Chromium's own network log: bytes on the wire (encoded) and
// after decompression (decoded), for the sign-in page signed out and the home feed (/post) and flicks
// (/flicks) signed in; and the API reads each makes, which should read every list it shows once.
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * The most script a first visit may download, on the wire (compressed, headers included), in bytes
 * (1 KB = 1,000 bytes, as Vite and Chromium's DevTools count): issue 14's budget.
 */
// /post's was 150 KB until 2026-12-07: the signed-in page's first reads, sent by the first script while
// the signed-in chunk downloads (apps/web/src/lib/early-reads.ts), cost 0.3 KB and brought its first post
// 0.48 s sooner on a slow link (300 ms round trips, 200 KB/s): 2.62 → 2.14 s.
export const SCRIPT_LIMITS = { login: 110_000, post: 151_000 };

export async function scriptBytes(base, signedIn) {
  if (!existsSync(CHROMIUM)) return { skipped: `${CHROMIUM} not found (set CHROMIUM_PATH)` };
  let chromium;
  try {
    ({ chromium } = await import("playwright-core"));
  } catch {
    return { skipped: "playwright-core is not installed (npm install)" };
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    return {
      login: await firstLoad(browser, `${base}/login`),
      post: await firstLoad(browser, `${base}/post`, signedIn),
      flicks: await firstLoad(browser, `${base}/flicks`, signedIn),
    };
  } finally {
    await browser.close();
  }
}

/**
 * What is wrong with a scriptBytes result against SCRIPT_LIMITS, one sentence each; empty when both
 * pages are within their limits (or the measurement was skipped, which says so itself).
 */
export function overLimits(result) {
  if (!result || result.skipped) return [];
  const problems = [];
  for (const [page, limit] of Object.entries(SCRIPT_LIMITS)) {
    const load = result[page];
    if (load.landedOn !== load.path)
      problems.push(`${load.path} landed on ${load.landedOn}: its script was not what was measured`);
    else if (load.encodedBytes > limit)
      problems.push(
        `${load.path} downloads ${kb(load.encodedBytes)} of script (${load.files} files, ${kb(load.decodedBytes)} decoded), over its limit of ${kb(limit)}`,
      );
  }
  return problems;
}

/**
 * Resolves once no request has been in flight for a second: what the screen asks for after it renders,
 * and what a catch-up reads once the socket has joined its rooms.
 */
async function quiet(inFlight) {
  let quietSince = performance.now();
  while (performance.now() - quietSince < 1000) {
    if (inFlight.size > 0) quietSince = performance.now();
    await new Promise((done) => setTimeout(done, 50));
  }
}

export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * One page load in a new profile (empty cache); sums every response Chromium typed as Script, and counts
 * the API's GETs (`readTwice`: the paths asked more than once, query strings aside).
 */
async function firstLoad(browser, url, signedIn) {
  const context = await browser.newContext();
  if (signedIn) {
    // Stored before any page script runs, where and as the web app keeps a session (lib/storage.ts).
    await context.addInitScript(({ token, userId, username }) => {
      localStorage.setItem("token", token);
      localStorage.setItem("userId", userId);
      localStorage.setItem("username", username);
    }, signedIn);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const scripts = new Map();
  cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
    if (type === "Script")
      scripts.set(requestId, {
        url: response.url,
        encoding: response.headers["content-encoding"] ?? response.headers["Content-Encoding"] ?? null,
        encoded: 0,
        decoded: 0,
      });
  });
  cdp.on("Network.dataReceived", ({ requestId, dataLength }) => {
    const script = scripts.get(requestId);
    if (script) script.decoded += dataLength;
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    const script = scripts.get(requestId);
    if (script) script.encoded = encodedDataLength;
  });
  const inFlight = new Set();
  const reads = [];
  cdp.on("Network.requestWillBeSent", ({ requestId, request, redirectResponse }) => {
    inFlight.add(requestId);
    const { pathname } = new URL(request.url);
    if (request.method === "GET" && pathname.startsWith("/api/") && !redirectResponse) reads.push(pathname);
  });
  cdp.on("Network.loadingFinished", ({ requestId }) => inFlight.delete(requestId));
  cdp.on("Network.loadingFailed", ({ requestId }) => inFlight.delete(requestId));
  await cdp.send("Network.enable");
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  // "networkidle" alone came too early on a busy machine: the network is quiet while the main bundle
  // runs, before the screen asks for its own code. A screen sets the tab's title ("Home · Flik"; the
  // page and the session check leave it "Flik"), so its code has arrived once the title changes.
  await page.waitForFunction(() => document.title !== "Flik", undefined, { timeout: 60_000 });
  await quiet(inFlight);
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  const files = [...scripts.values()];
  const timesRead = new Map();
  for (const path of reads) timesRead.set(path, (timesRead.get(path) ?? 0) + 1);
  return {
    apiReads: reads.length,
    readTwice: [...timesRead].filter(([, times]) => times > 1).map(([path]) => path),
    path: new URL(url).pathname,
    landedOn: finalPath,
    files: files.length,
    encodings: [...new Set(files.map((file) => file.encoding ?? "identity"))],
    encodedBytes: files.reduce((sum, file) => sum + file.encoded, 0),
    decodedBytes: files.reduce((sum, file) => sum + file.decoded, 0),
    largest: files
      .sort((a, b) => b.encoded - a.encoded)
      .slice(0, 5)
      .map((file) => ({ file: new URL(file.url).pathname, encodedBytes: file.encoded })),
  };
}
