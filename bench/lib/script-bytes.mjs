// Script a first visit downloads, from Chromium's own network log: bytes on the wire (encoded) and
// after decompression (decoded), for the sign-in page signed out and the home feed (/post) signed in.
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
    };
  } finally {
    await browser.close();
  }
}

/** One page load in a new profile (empty cache); sums every response Chromium typed as Script. */
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
    if (type === "Script") scripts.set(requestId, { url: response.url, encoded: 0, decoded: 0 });
  });
  cdp.on("Network.dataReceived", ({ requestId, dataLength }) => {
    const script = scripts.get(requestId);
    if (script) script.decoded += dataLength;
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    const script = scripts.get(requestId);
    if (script) script.encoded = encodedDataLength;
  });
  await cdp.send("Network.enable");
  await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  const files = [...scripts.values()];
  return {
    path: new URL(url).pathname,
    landedOn: finalPath,
    files: files.length,
    encodedBytes: files.reduce((sum, file) => sum + file.encoded, 0),
    decodedBytes: files.reduce((sum, file) => sum + file.decoded, 0),
  };
}
