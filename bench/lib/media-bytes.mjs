// What a phone downloads for a profile grid of 30 photos (issue 20), on a server of its own with a new
// embedded database: 30 photos of 4000x3000 uploaded as a member would, then the member's /profile
// opened in Chromium at 390x844 CSS pixels and 1x, 2x and 3x, scrolled to its end. Counted from
// Chromium's own network log: every /media/image/ response's bytes on the wire. The uploads are timed
// too (the server makes the variants while the uploader waits).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "./api.mjs";
import { startFlik } from "./flik-server.mjs";
import { median, round } from "./stats.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PHOTOS = 30;
const DENSITIES = [1, 2, 3];

export async function profileGridBytes({ serverRoot, log }) {
  if (!existsSync(CHROMIUM)) return { skipped: `${CHROMIUM} not found (set CHROMIUM_PATH)` };
  const { chromium } = await import("playwright-core");
  const { default: sharp } = await import("sharp");
  const dataDir = mkdtempSync(join(tmpdir(), "flik-bench-media-"));
  const flik = await startFlik({ serverRoot, dataDir });
  try {
    const member = await newMember(flik.base);
    const uploads = [];
    let photoBytes = 0;
    for (let index = 0; index < PHOTOS; index++) {
      const photo = await landscape(sharp, index);
      photoBytes += photo.length;
      const started = performance.now();
      const { secure_url: image } = await upload(flik.base, member.token, photo);
      uploads.push(performance.now() - started);
      await request(flik.base, "POST", "/api/posts", {
        token: member.token,
        body: { image, caption: `Hills ${index + 1}` },
      });
    }
    log(`  ${PHOTOS} photos of 4000x3000 posted (median upload ${Math.round(median(uploads))} ms)`);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox"] });
    const densities = {};
    try {
      for (const density of DENSITIES) {
        densities[`${density}x`] = await gridLoad(browser, flik.base, member, density);
        log(
          `  at ${density}x: ${densities[`${density}x`].bytes} bytes in ${densities[`${density}x`].files} images`,
        );
      }
    } finally {
      await browser.close();
    }
    return {
      photos: PHOTOS,
      photoSize: "4000x3000",
      averagePhotoBytes: Math.round(photoBytes / PHOTOS),
      uploadMs: { median: round(median(uploads)), max: round(Math.max(...uploads)) },
      viewport: "390x844",
      densities,
    };
  } finally {
    await flik.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function newMember(base) {
  const id = `grid${Date.now().toString(36)}`;
  const member = {
    fullName: "Grid Bench",
    username: id,
    email: `${id}@example.test`,
    password: "bench-Passw0rd!",
  };
  await request(base, "POST", "/api/auth/signup", { body: member });
  const { token, user } = await request(base, "POST", "/api/auth/signin", {
    body: { identifier: id, password: member.password },
  });
  return { token, userId: user.id, username: id };
}

async function upload(base, token, photo) {
  const form = new FormData();
  form.append("file", new Blob([photo], { type: "image/jpeg" }), "photo.jpg");
  form.append("upload_preset", "flik");
  const response = await fetch(`${base}/api/media/image/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * A photo-like 4000x3000 JPEG, each a little different: a sky and hills, with a texture at every scale
 * (made coarse and enlarged), which compresses about as a camera's photo of a landscape does.
 */
async function landscape(sharp, index) {
  const width = 4000;
  const height = 3000;
  const hue = (index * 37) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},80%,80%)"/></linearGradient></defs>
    <rect width="400" height="300" fill="url(#s)"/><circle cx="${80 + (index % 5) * 60}" cy="90" r="30" fill="#fff5d6"/>
    <path d="M0 210 Q 100 ${140 + (index % 7) * 8} 200 200 T 400 190 V 300 H 0 Z" fill="hsl(${(hue + 120) % 360},40%,30%)"/>
  </svg>`;
  const scene = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const texture = await sharp({
    create: {
      width: 500,
      height: 375,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 14 },
    },
  })
    .resize(width, height, { kernel: "cubic" })
    .raw()
    .toBuffer();
  for (let byte = 0; byte < scene.length; byte++)
    scene[byte] = Math.max(0, Math.min(255, scene[byte] + texture[byte] - 128));
  return sharp(scene, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The member's /profile in a new browser profile at `density`, scrolled to its end; its photos' bytes. */
async function gridLoad(browser, base, member, density) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: density,
  });
  await context.addInitScript(({ token, userId, username }) => {
    localStorage.setItem("token", token);
    localStorage.setItem("userId", userId);
    localStorage.setItem("username", username);
  }, member);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const images = new Map();
  cdp.on("Network.responseReceived", ({ requestId, response }) => {
    if (new URL(response.url).pathname.startsWith("/media/image/")) images.set(requestId, 0);
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    if (images.has(requestId)) images.set(requestId, encodedDataLength);
  });
  await cdp.send("Network.enable");
  await page.goto(`${base}/profile`, { waitUntil: "load", timeout: 60_000 });
  const cells = page.locator("main ul img");
  await page.waitForFunction((count) => document.querySelectorAll("main ul img").length >= count, PHOTOS, {
    timeout: 60_000,
  });
  // Lazy images load as they come near the viewport: scroll to the end, then wait for every one.
  for (let step = 0; step < 20; step++) {
    await page.mouse.wheel(0, 844);
    await page.waitForTimeout(100);
  }
  await page.waitForFunction(
    () => [...document.querySelectorAll("main ul img")].every((image) => image.complete),
    undefined,
    { timeout: 60_000 },
  );
  const shown = await cells.count();
  await context.close();
  const sizes = [...images.values()];
  return { cells: shown, files: sizes.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}
