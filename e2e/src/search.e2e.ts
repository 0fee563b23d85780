import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { animationsSettled, seriousViolations } from "./axe.js";
import { launchBrowser, type Member, newMember, signInAs, viewports } from "./browser.js";
import { type FlikProcess, freePort, startFlikProcess } from "./flik-process.js";

/** Screenshots land here for people to look at; the folder is not committed. */
const artifacts = join(import.meta.dirname, "..", "artifacts");
mkdirSync(artifacts, { recursive: true });
const sunset = join(import.meta.dirname, "..", "fixtures", "sunset.jpg");

const browser = await launchBrowser();

/** The shared server's address (the one every e2e file uses), or this file's own server's. */
const shared = () => inject("baseUrl");

async function call(baseUrl: string, member: Member | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(member && { authorization: `Bearer ${member.token}` }),
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** A member signed up and in through the API; `details` may name them (a fresh server's clean names). */
async function apiMember(
  baseUrl: string,
  prefix: string,
  details: { username?: string; fullName?: string } = {},
): Promise<Member> {
  const member = { ...newMember(prefix), ...details };
  if (details.username) member.email = `${details.username}@example.com`;
  await call(baseUrl, null, "POST", "/auth/signup", member);
  const { token, user } = await call(baseUrl, null, "POST", "/auth/signin", {
    identifier: member.username,
    password: member.password,
  });
  return { ...member, id: user.id, token };
}

async function post(baseUrl: string, member: Member, caption: string, image?: string) {
  const photo = image ?? (await uploadPhoto(baseUrl, member));
  const { post } = await call(baseUrl, member, "POST", "/posts", { image: photo, caption });
  return post as { _id: string; caption: string };
}

async function makePrivate(baseUrl: string, member: Member) {
  await call(baseUrl, member, "PUT", "/user/privacy", { isPrivate: true });
}

/** `follower` asks to follow the private `owner`, who accepts. */
async function acceptedFollower(baseUrl: string, follower: Member, owner: Member) {
  await call(baseUrl, follower, "POST", `/follow/${owner.id}`, {});
  await call(baseUrl, owner, "POST", `/follow-requests/${follower.id}/accept`, {});
}

/** Uploads the photo fixture to the media host as the browser would, and returns its URL. */
async function uploadPhoto(baseUrl: string, member: Member): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([readFileSync(sunset)], { type: "image/jpeg" }), "sunset.jpg");
  form.append("upload_preset", "flik");
  const response = await fetch(`${baseUrl}/api/media/image/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${member.token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return (await response.json()).secure_url;
}

/** A fresh browser profile on `baseUrl`, signed in as `member` (the session stored as the app does). */
async function pageOf(baseUrl: string, member: Member, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const page = await context.newPage();
  await signInAs(page, member);
  return page;
}

const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search people, posts and tags" });
const results = (page: Page) => page.getByRole("listbox", { name: "Search results" });
/** The results once the answer for the text in the box is in (not the last text's, dimmed). */
const settledResults = (page: Page) => page.locator('[role="listbox"][aria-busy="false"]');
const group = (page: Page, label: "Members" | "Posts" | "Tags") =>
  results(page).getByRole("group", { name: label });
/** A post's tile: named by its caption, then its counts. */
const tileOf = (scope: Page | Locator, caption: string) =>
  scope.getByRole("link", { name: new RegExp(`^${literal(caption)}, \\d+ likes?, \\d+ comments?$`) });
const postOption = (page: Page, caption: string) =>
  group(page, "Posts").getByRole("option", {
    name: new RegExp(`^${literal(caption)}, \\d+ likes?, \\d+ comments?$`),
  });
/** However long a busy machine takes to show a change; the test's own timeout is the limit. */
const SHOWN = { timeout: 30_000 };
const noResults = (page: Page) => page.getByRole("status").filter({ hasText: "No results found" });

function literal(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\#]/g, "\\$&");
}

/** Types `text` in the search box and waits for its answer: results, or "No results found". */
async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await page.waitForURL((url) => url.searchParams.get("q") === text);
  await settledResults(page).or(noResults(page)).waitFor();
}

/** The fifth letter of `word` changed: a typo, past the beginning a prefix search would find. */
function misspelt(word: string): string {
  const at = 4;
  const wrong = word[at] === "q" ? "x" : "q";
  return `${word.slice(0, at)}${wrong}${word.slice(at + 1)}`;
}

/** Waits until fonts and the pictures on screen have loaded and nothing moves: the screen at rest. */
async function atRest(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() =>
    [...document.images].every((image) => {
      const box = image.getBoundingClientRect();
      const onScreen = box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
      return !onScreen || image.complete;
    }),
  );
  await page.waitForFunction(() => document.querySelectorAll(".animate-pulse").length === 0);
  await animationsSettled(page);
}

/** No part of the screen reaches past its right edge. */
async function horizontalOverflow(page: Page) {
  return Math.max(0, await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth));
}

describe("search", () => {
  it("finds a member by a misspelt username and opens their profile", async () => {
    const base = shared();
    const marigold = await apiMember(base, "marigold");
    await call(base, marigold, "PUT", "/profile/update", { fullName: "Mari Gold" });
    const bob = await apiMember(base, "bob");
    const page = await pageOf(base, bob, viewports.desktop);
    await page.goto("/search");

    const typo = misspelt(marigold.username);
    expect(typo).not.toBe(marigold.username);
    await search(page, typo);
    // The member is found in spite of the typo, closest first, with their full name.
    const found = group(page, "Members").getByRole("option", { name: `${marigold.username} Mari Gold` });
    await found.waitFor();
    expect(await group(page, "Members").getByRole("option").first().getAttribute("id")).toBe(
      await found.getAttribute("id"),
    );

    await found.click();
    await page.waitForURL(`**/profile/${marigold.username}`);
    expect(new URL(page.url()).pathname).toBe(`/profile/${marigold.username}`);
    await page.getByRole("heading", { name: `@${marigold.username}` }).waitFor();

    // Back comes back to the same search and its results.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === typo);
    expect(await searchBox(page).inputValue()).toBe(typo);
    await group(page, "Members")
      .getByRole("option", { name: new RegExp(marigold.username) })
      .waitFor();
    await page.context().close();
  });

  it("finds a post by a word of its caption and by its tag, and opens it", async () => {
    const base = shared();
    const alice = await apiMember(base, "alice");
    const caption = "Paper lanterns over the quayside tonight #lanternwalk";
    const lanterns = await post(base, alice, caption);
    await post(base, alice, "Breakfast before the ferry");
    const bob = await apiMember(base, "bob");
    const page = await pageOf(base, bob, viewports.desktop);
    await page.goto("/search");

    // A word of the caption (its beginning: the last word is often still being typed).
    await search(page, "quaysid");
    await postOption(page, caption).waitFor();
    expect(await tileOf(group(page, "Posts"), "Breakfast before the ferry").count()).toBe(0);
    await postOption(page, caption).click();
    await page.waitForURL(`**/post/${alice.username}/${lanterns._id}`);
    const article = page.getByRole("article", { name: `Post by @${alice.username}` });
    await article.getByText("Paper lanterns over the quayside tonight").waitFor();

    // The tag: posts carrying it, and the tag itself with its count; `#` looks for no members.
    await page.goto("/search");
    await search(page, "#lanternwalk");
    await postOption(page, caption).waitFor();
    const tag = group(page, "Tags").getByRole("option", { name: "#lanternwalk 1 post" });
    await tag.waitFor();
    expect(await group(page, "Members").count()).toBe(0);
    await postOption(page, caption).click();
    await page.waitForURL(`**/post/${alice.username}/${lanterns._id}`);
    await article.getByText("Paper lanterns over the quayside tonight").waitFor();
    await page.context().close();
  });

  it("a caption's #tag links to the tag's page, which lists the post", async () => {
    const base = shared();
    const alice = await apiMember(base, "alice");
    const caption = "Kites over the dunes #kiteflying and more";
    const kites = await post(base, alice, caption);
    const bob = await apiMember(base, "bob");
    const page = await pageOf(base, bob, viewports.desktop);

    await page.goto(`/post/${alice.username}/${kites._id}`);
    const article = page.getByRole("article", { name: `Post by @${alice.username}` });
    await article.getByRole("link", { name: "#kiteflying", exact: true }).click();
    await page.waitForURL("**/tags/kiteflying");
    expect(new URL(page.url()).pathname).toBe("/tags/kiteflying");
    await page.getByRole("heading", { level: 1, name: "#kiteflying" }).waitFor();
    await page.getByText("1 post", { exact: true }).waitFor();
    const list = page.getByRole("list", { name: "Posts tagged #kiteflying" });
    await tileOf(list, caption).click();
    await page.waitForURL(`**/post/${alice.username}/${kites._id}`);
    await page.context().close();
  });

  it("the arrow keys move through the results (the active descendant) and Enter opens the active one", async () => {
    const base = shared();
    // One word for a member's name, a caption and a tag: the three groups, in order.
    const kestrel = await apiMember(base, "kestrel", { username: `kestrelwatch${Date.now().toString(36)}` });
    const caption = "A kestrelwatch morning on the cliffs #kestrelwatch";
    const morning = await post(base, kestrel, caption, await uploadPhoto(base, kestrel));
    const bob = await apiMember(base, "bob");
    const page = await pageOf(base, bob, viewports.desktop);
    await page.goto("/search");

    const box = searchBox(page);
    await box.click();
    await box.pressSequentially("kestrelwatch");
    await page.waitForURL((url) => url.searchParams.get("q") === "kestrelwatch");
    await settledResults(page).waitFor();
    await postOption(page, caption).waitFor();
    await group(page, "Tags")
      .getByRole("option", { name: /^#kestrelwatch / })
      .waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    expect(await box.getAttribute("aria-controls")).toBe(await results(page).getAttribute("id"));
    expect(await box.getAttribute("aria-activedescendant")).toBeNull();

    const ids = await results(page)
      .getByRole("option")
      .evaluateAll((options) => options.map((option) => option.id));
    const memberIndex = 0;
    const postIndex = await group(page, "Members").getByRole("option").count();
    expect(ids[memberIndex]).toBe(
      await group(page, "Members")
        .getByRole("option", { name: new RegExp(kestrel.username) })
        .getAttribute("id"),
    );
    expect(ids[postIndex]).toBe(await postOption(page, caption).getAttribute("id"));

    const active = () => box.getAttribute("aria-activedescendant");
    const selected = () =>
      results(page)
        .locator('[role="option"][aria-selected="true"]')
        .evaluateAll((options) => options.map((option) => option.id));
    // Down from the box: the first option, then the next; up goes back; the focus stays in the box.
    await box.press("ArrowDown");
    await expect.poll(active, SHOWN).toBe(ids[0]);
    expect(await selected()).toEqual([ids[0]]);
    for (let index = 1; index <= postIndex + 1; index++) {
      await box.press("ArrowDown");
      await expect.poll(active, SHOWN).toBe(ids[index]);
    }
    await box.press("ArrowUp");
    await expect.poll(active, SHOWN).toBe(ids[postIndex]);
    expect(await selected()).toEqual([ids[postIndex]]);
    expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);
    // Up from the first wraps round to the last.
    for (let index = postIndex; index > 0; index--) await box.press("ArrowUp");
    await expect.poll(active, SHOWN).toBe(ids[0]);
    await box.press("ArrowUp");
    await expect.poll(active, SHOWN).toBe(ids.at(-1));
    await box.press("ArrowDown");
    await expect.poll(active, SHOWN).toBe(ids[0]);

    // Enter opens the active option: down to the post, Enter. The active post is marked on screen (its
    // tile looks different from when it is not active), not only for screen readers.
    await page.mouse.move(0, 0);
    const tile = postOption(page, caption);
    await tile.evaluate((link) =>
      Promise.all([...link.querySelectorAll("img")].map((image) => image.decode().catch(() => undefined))),
    );
    const inactive = await tile.screenshot({ animations: "disabled" });
    for (let index = 0; index < postIndex; index++) await box.press("ArrowDown");
    await expect.poll(active, SHOWN).toBe(ids[postIndex]);
    expect((await tile.screenshot({ animations: "disabled" })).equals(inactive)).toBe(false);
    await box.press("Enter");
    await page.waitForURL(`**/post/${kestrel.username}/${morning._id}`);
    await page
      .getByRole("article", { name: `Post by @${kestrel.username}` })
      .getByText("A kestrelwatch morning on the cliffs")
      .waitFor();
    await page.context().close();
  });

  it("a private member's post reaches only their accepted followers: never a stranger's search, tag search or tag page", async () => {
    const base = shared();
    const carol = await apiMember(base, "carol");
    const frank = await apiMember(base, "frank");
    await makePrivate(base, carol);
    const hidden = "Hidden saltmarsh cove at low tide #covesecret";
    const open = "Open saltmarsh beach at noon #covesecret";
    const secret = await post(base, carol, hidden);
    await post(base, frank, open);
    const dave = await apiMember(base, "dave");
    const erin = await apiMember(base, "erin");
    await acceptedFollower(base, erin, carol);

    const page = await pageOf(base, dave, viewports.desktop);
    await page.goto("/search");

    // Her name finds her (a member's name is no secret), but none of her posts; her profile is locked.
    await search(page, carol.username);
    const carolOption = group(page, "Members").getByRole("option", { name: new RegExp(carol.username) });
    await carolOption.waitFor();
    expect(await postOption(page, hidden).count()).toBe(0);
    await carolOption.click();
    await page.waitForURL(`**/profile/${carol.username}`);
    await page.getByRole("heading", { name: "This account is private" }).waitFor();
    expect(await page.getByRole("link", { name: /Hidden saltmarsh/ }).count()).toBe(0);

    // A word of its caption: Frank's post shows, hers does not.
    await page.goto("/search");
    await search(page, "saltmarsh");
    await postOption(page, open).waitFor();
    expect(await postOption(page, hidden).count()).toBe(0);

    // Its tag: the same, and the tag counts only what Dave may see.
    await search(page, "#covesecret");
    await postOption(page, open).waitFor();
    await group(page, "Tags").getByRole("option", { name: "#covesecret 1 post" }).waitFor();
    expect(await postOption(page, hidden).count()).toBe(0);

    // The tag's page.
    await page.goto("/tags/covesecret");
    const list = page.getByRole("list", { name: "Posts tagged #covesecret" });
    await tileOf(list, open).waitFor();
    await page.getByText("1 post", { exact: true }).waitFor();
    expect(await tileOf(list, hidden).count()).toBe(0);

    // Nor does the API give it away.
    for (const q of ["saltmarsh", "#covesecret", "low tide"]) {
      const { posts } = await call(base, dave, "GET", `/posts/search?q=${encodeURIComponent(q)}`);
      expect(posts.map((found: { _id: string }) => found._id)).not.toContain(secret._id);
    }
    const { posts: tagged } = await call(base, dave, "GET", "/tags/covesecret/posts");
    expect(tagged.map((found: { _id: string }) => found._id)).not.toContain(secret._id);
    await page.context().close();

    // Erin, whose request Carol accepted, finds it by the same word, and counts both on the tag.
    const follower = await pageOf(base, erin, viewports.desktop);
    await follower.goto("/search");
    await search(follower, "saltmarsh");
    await postOption(follower, hidden).waitFor();
    await postOption(follower, open).waitFor();
    await search(follower, "#covesecret");
    await postOption(follower, hidden).waitFor();
    await group(follower, "Tags").getByRole("option", { name: "#covesecret 2 posts" }).waitFor();
    await postOption(follower, hidden).click();
    await follower.waitForURL(`**/post/${carol.username}/${secret._id}`);
    await follower.context().close();
  });
});

/**
 * Trending and For You are summaries a periodic job refreshes (every ten minutes, and once when a server
 * starts): a post joins them at the next refresh. So these journeys have a server of their own on a data
 * folder of their own (the shared one serves the other journeys throughout): the members post, the server
 * is restarted on the same folder, and its start's refresh takes the posts in. A fresh folder also lets
 * its members have clean names, for the screenshots.
 */
describe("explore after the periodic refresh", () => {
  let dataDir = "";
  let server: FlikProcess | undefined;
  let base = "";
  const members = {} as Record<"maya" | "leo" | "zoe" | "sunny" | "vera" | "carol", Member>;
  const captions = {
    golden: "Golden hour at the pier #lanternfest #sunset",
    nightSet: "Night set down at the harbour #lanternfest #livemusic",
    speedrun: "Speedrun practice all weekend #gaming",
    swim: "Sunday sunrise swim #sunrise #sundays",
    coffee: "Morning coffee by the sea #sunset",
    drifting: "Lanterns drifting over the bay #lanternfest",
    own: "My first lantern, a bit wonky #lanternfest",
    hidden: "Secret cove nobody knows about #lanternfest #hiddencove",
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "flik-e2e-search-e2e-"));
    const port = await freePort();
    server = await startFlikProcess(port, dataDir);
    base = server.baseUrl;
    for (const [key, fullName] of [
      ["maya", "Maya Lind"],
      ["leo", "Leo Park"],
      ["zoe", "Zoë Hart"],
      ["sunny", "Sunny Rivera"],
      ["vera", "Vera Stone"],
      ["carol", "Carol Quinn"],
    ] as const) {
      const username = `${key}.${fullName.split(" ")[1]?.toLowerCase()}`;
      members[key] = await apiMember(base, key, { username, fullName });
    }
    await call(base, members.maya, "PUT", "/profile/update", {
      fullName: "Maya Lind",
      avatar: await uploadPhoto(base, members.maya),
    });
    await makePrivate(base, members.carol);
    const { maya, leo, zoe, sunny, vera, carol } = members;
    for (const [author, caption] of [
      [maya, captions.golden],
      [leo, captions.nightSet],
      [zoe, captions.speedrun],
      [sunny, captions.swim],
      [leo, captions.coffee],
      [maya, captions.drifting],
      [vera, captions.own],
      [carol, captions.hidden],
    ] as const) {
      // Each author's own upload: a file is its uploader's alone to share.
      await post(base, author, caption, await uploadPhoto(base, author));
    }

    await server.stop();
    server = await startFlikProcess(port, dataDir);
    // The start's refresh runs in the background: wait until it has taken all the posts in. Only the
    // whole count tells: the first start's refresh, on a busy machine, may have run while the members
    // were posting and left a summary of a few of the posts until the second one's.
    await waitUntil(async () => {
      const { tags } = await call(base, vera, "GET", "/tags/trending");
      const { posts } = await call(base, vera, "GET", "/explore?tab=for-you");
      const lanternfest = tags.find((tag: { name: string }) => tag.name === "lanternfest");
      return lanternfest?.recentCount === 4 && posts.length === 6;
    });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const trendingCard = (page: Page) => page.getByRole("region", { name: "Trending" });
  const forYou = (page: Page) => page.getByRole("list", { name: "For You posts" });

  it("a tag members post with trends: the trending card shows it first, and opens its page", async () => {
    const page = await pageOf(base, members.vera, viewports.desktop);
    await page.goto("/search");
    const card = trendingCard(page);
    // Four public posts in the last day (Carol's, private, is not counted): the most risen tag.
    const first = card
      .getByRole("listitem")
      .first()
      .getByRole("link", { name: "#lanternfest 4 posts in the last day", exact: true });
    await first.waitFor();
    await card.getByRole("link", { name: /^#sunset / }).waitFor();
    // A private member's tag never trends.
    expect(await card.getByRole("link", { name: /#hiddencove/ }).count()).toBe(0);

    await first.click();
    await page.waitForURL("**/tags/lanternfest");
    await page.getByRole("heading", { level: 1, name: "#lanternfest" }).waitFor();
    const list = page.getByRole("list", { name: "Posts tagged #lanternfest" });
    for (const caption of [captions.golden, captions.nightSet, captions.drifting, captions.own]) {
      await tileOf(list, caption).waitFor();
    }
    await page.getByText("4 posts", { exact: true }).waitFor();
    // The trending tag's page holds no post of the private member's.
    expect(await tileOf(list, captions.hidden).count()).toBe(0);
    expect(await list.getByRole("listitem").count()).toBe(4);
    await page.context().close();
  });

  it("on a phone, a card of the carousel that takes the keyboard's focus comes into view whole", async () => {
    const page = await pageOf(base, members.vera, viewports.phone);
    await page.goto("/search");
    const music = page.getByRole("region", { name: "Music picks" });
    await music.locator("a, button").first().waitFor();
    // Tab from the card before it, as a keyboard reaches it. That card is a thought or a fact,
    // whichever the day (and its 30 s rotation) shows.
    await page
      .getByRole("region", { name: /^(Thought|Fact) of the day$/ })
      .locator("a, button")
      .last()
      .focus();
    await page.keyboard.press("Tab");
    expect(await music.evaluate((card) => card.contains(document.activeElement))).toBe(true);
    const isInView = async () => {
      const box = await music.boundingBox();
      return !!box && box.x >= 0 && box.x + box.width <= viewports.phone.width;
    };
    await expect.poll(isInView).toBe(true);
    await page.context().close();
  });

  it("For You shows other members' posts, never the member's own nor a private member's; Music and Gaming their topics", async () => {
    const page = await pageOf(base, members.vera, viewports.desktop);
    await page.goto("/search");
    const tabs = page.getByRole("tablist", { name: "Explore topics" });
    await tabs.getByRole("tab", { name: "For You" }).waitFor();
    expect(await tabs.getByRole("tab").allTextContents()).toEqual(["Music", "Gaming", "For You"]);
    expect(await tabs.getByRole("tab", { name: "For You" }).getAttribute("aria-selected")).toBe("true");

    const grid = forYou(page);
    const others = [
      captions.golden,
      captions.nightSet,
      captions.speedrun,
      captions.swim,
      captions.coffee,
      captions.drifting,
    ];
    for (const caption of others) await tileOf(grid, caption).waitFor();
    expect(await grid.getByRole("listitem").count()).toBe(others.length);
    // Every tile of the mosaic is at least square, the last one too (a tall one alone in its rows).
    const boxes = await grid
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    for (const { width, height } of boxes) expect(height).toBeGreaterThanOrEqual(width - 1);
    expect(await tileOf(grid, captions.own).count()).toBe(0);
    expect(await tileOf(grid, captions.hidden).count()).toBe(0);

    await tileOf(grid, captions.golden).click();
    await page.waitForURL(`**/post/${members.maya.username}/*`);
    await page.goBack();

    await tabs.getByRole("tab", { name: "Music" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "music");
    const music = page.getByRole("list", { name: "Music posts" });
    await tileOf(music, captions.nightSet).waitFor();
    expect(await music.getByRole("listitem").count()).toBe(1);

    await tabs.getByRole("tab", { name: "Gaming" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "gaming");
    const gaming = page.getByRole("list", { name: "Gaming posts" });
    await tileOf(gaming, captions.speedrun).waitFor();
    expect(await gaming.getByRole("listitem").count()).toBe(1);
    await page.context().close();
  });

  it("explore and the results look right on a phone and a desktop, with no serious axe findings", async () => {
    for (const [name, viewport] of Object.entries(viewports)) {
      const page = await pageOf(base, members.vera, viewport);
      await page.goto("/search");

      // Explore, the box empty: the cards and the For You grid.
      await trendingCard(page)
        .getByRole("link", { name: /^#lanternfest/ })
        .waitFor();
      await page.getByRole("region", { name: "Poll" }).getByRole("radio").first().waitFor();
      await tileOf(forYou(page), captions.golden).waitFor();
      await atRest(page);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(artifacts, `search-explore-${name}.png`) });
      if (name === "phone") {
        // Below 1024px the cards stand above the grid: the grid, scrolled to.
        // The tabs just under the sticky search box (the header and the box: 150px).
        await page
          .getByRole("tablist", { name: "Explore topics" })
          .evaluate((tabs) => window.scrollTo(0, tabs.getBoundingClientRect().top + window.scrollY - 150));
        await atRest(page);
        await page.screenshot({ path: join(artifacts, `search-explore-grid-${name}.png`) });
        await page.evaluate(() => window.scrollTo(0, 0));
      }

      // Results: a member, posts and tags for "sun".
      await search(page, "sun");
      await group(page, "Members")
        .getByRole("option", { name: /sunny\.rivera/ })
        .waitFor();
      await postOption(page, captions.swim).waitFor();
      await group(page, "Tags").getByRole("option", { name: "#sunset 2 posts" }).waitFor();
      await atRest(page);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(artifacts, `search-results-${name}.png`) });

      // The arrow keys' mark on the first post (past the members), as the keyboard leaves it.
      const membersFound = await group(page, "Members").getByRole("option").count();
      for (let step = 0; step <= membersFound; step++) await searchBox(page).press("ArrowDown");
      await expect
        .poll(() => searchBox(page).getAttribute("aria-activedescendant"), SHOWN)
        .toBe(await group(page, "Posts").getByRole("option").first().getAttribute("id"));
      await animationsSettled(page);
      await page.screenshot({ path: join(artifacts, `search-results-active-${name}.png`) });

      // Nothing found.
      await search(page, "zzqxv");
      await noResults(page).waitFor();
      await atRest(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(artifacts, `search-no-results-${name}.png`) });

      // A tag's page.
      await page.goto("/tags/lanternfest");
      await tileOf(page.getByRole("list", { name: "Posts tagged #lanternfest" }), captions.golden).waitFor();
      await atRest(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(artifacts, `search-tag-${name}.png`) });
      await page.context().close();
    }
  }, 180_000);
});

/** Asks again until `condition` holds; the test's own timeout is the limit. */
async function waitUntil(condition: () => Promise<boolean>) {
  while (!(await condition())) await new Promise((done) => setTimeout(done, 250));
}
