// npm run bench:feed -- [--server dir] [--member typical] [--pages 25]: a member scrolling their feed in
// Chromium on the seeded dataset (npm run seed), page after page, as in a long session. Per page of 10
// posts: how long until the next posts show, the page's script time and its long tasks (main-thread
// blocks of 50 ms or more). A list that re-renders what it already shows grows with every page; one
// that renders only what came stays flat. Not part of npm run bench: it measures the browser, not the
// server, and needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { startFlik } from "./lib/flik-server.mjs";
import { benchDir, loadSubjects, prepareDataDir } from "./lib/subjects.mjs";

const { values } = parseArgs({
  options: {
    server: { type: "string" },
    member: { type: "string", default: "typical" },
    pages: { type: "string", default: "25" },
  },
});
const subjects = loadSubjects("pglite");
const dataDir = await prepareDataDir("pglite", subjects, { inPlace: false });
const flik = await startFlik({ serverRoot: resolve(values.server ?? resolve(benchDir, "..")), dataDir });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: flik.base });
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("textbox", { name: /username|email/i }).fill(values.member);
  await page.getByRole("textbox", { name: "Password" }).fill(subjects.password);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/profile/);
  await page.goto("/post");
  const posts = page.locator("ul[aria-label=Posts] > li");
  await posts.first().waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const scriptMs = async () =>
    (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "ScriptDuration").value * 1000;
  const rows = [];
  for (let i = 0; i < Number(values.pages); i++) {
    const before = await posts.count();
    const scriptBefore = await scriptMs();
    await page.evaluate(() => {
      window.__longTasks = [];
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    const t0 = performance.now();
    await page.waitForFunction(
      (n) => document.querySelectorAll("ul[aria-label=Posts] > li").length > n,
      before,
      {
        polling: 25,
        timeout: 30_000,
      },
    );
    const appearMs = performance.now() - t0;
    // What the page's arrival set off (images, the rooms joined) settles before the next scroll.
    await page.waitForTimeout(400);
    const longTaskMs = await page.evaluate(() => window.__longTasks.reduce((sum, d) => sum + d, 0));
    rows.push({
      posts: await posts.count(),
      appearMs: Math.round(appearMs),
      scriptMs: Math.round((await scriptMs()) - scriptBefore),
      longTaskMs: Math.round(longTaskMs),
    });
  }
  console.log(`feed scroll as ${values.member} (${flik.base}), per next page:`);
  console.table(rows.filter((_, i) => i % 4 === 0 || i === rows.length - 1));
  console.log(
    `scrolling back up through all ${await posts.count()} posts for 3 s:`,
    await scrollBack(page, cdp),
  );
} finally {
  await browser.close();
  await flik.stop();
}

/**
 * Every post shown kept in the page: how smooth scrolling stays there. From 60 % down, 60 px up per
 * frame for 3 s: the frames drawn (180 at 60 Hz), the longest gap between two, and the main thread's
 * work in that time (what grows with every card the page holds).
 */
async function scrollBack(page, cdp) {
  const metric = async (name) =>
    (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === name).value * 1000;
  // What the last page set off (its images, its rooms joined) has settled.
  await page.waitForTimeout(2000);
  const taskBefore = await metric("TaskDuration");
  const frames = await page.evaluate(async () => {
    window.scrollTo(0, document.documentElement.scrollHeight * 0.6);
    const start = performance.now();
    let drawn = 0;
    let longest = 0;
    let last = start;
    await new Promise((done) => {
      const step = (now) => {
        drawn += 1;
        longest = Math.max(longest, now - last);
        last = now;
        window.scrollBy(0, -60);
        if (now - start < 3000) requestAnimationFrame(step);
        else done();
      };
      requestAnimationFrame(step);
    });
    return { frames: drawn, longestFrameMs: Math.round(longest) };
  });
  return { ...frames, mainThreadMs: Math.round((await metric("TaskDuration")) - taskBefore) };
}
