import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { animationsSettled, seriousViolations } from "./axe.js";
import { launchBrowser, type Member, newMember, openContext, signInAs, viewports } from "./browser.js";

/** Screenshots land here for people to look at; the folder is not committed. */
const artifacts = join(import.meta.dirname, "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

const browser = await launchBrowser();
const fixtures = join(import.meta.dirname, "..", "fixtures");
/** A 1080x1080 photo, and a 3-second 360x640 clip: shorter than an image's 5 s, so its bar is its own. */
const sunset = join(fixtures, "sunset.jpg");
const clip = join(fixtures, "flick.mp4");
const IMAGE_STORY_MS = 5000;

/** Conditions on a playing story are waited for in the page's time: an image lasts 5 s, a busy machine more. */
const STORY_WAIT = { timeout: 30_000, interval: 50 };

async function api(member: Member | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${inject("baseUrl")}/api${path}`, {
    method,
    headers: {
      ...(member && { authorization: `Bearer ${member.token}` }),
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function ok(member: Member | null, method: string, path: string, body?: unknown) {
  const { status, body: answer } = await api(member, method, path, body);
  if (status >= 300) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(answer)}`);
  return answer;
}

/** A new member signed up and in through the API alone. */
async function apiMember(prefix: string): Promise<Member> {
  const member = newMember(prefix);
  await ok(null, "POST", "/auth/signup", member);
  const { token, user } = await ok(null, "POST", "/auth/signin", {
    identifier: member.username,
    password: member.password,
  });
  return { ...member, id: user.id, token };
}

/** Uploads a fixture to the media host as the browser would, and returns its URL. */
async function uploadFixture(member: Member, kind: "image" | "video"): Promise<string> {
  const [path, name, type] =
    kind === "image" ? [sunset, "sunset.jpg", "image/jpeg"] : [clip, "flick.mp4", "video/mp4"];
  const form = new FormData();
  form.append("file", new Blob([readFileSync(path)], { type }), name);
  form.append("upload_preset", "flik");
  const response = await fetch(`${inject("baseUrl")}/api/media/${kind}/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${member.token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return (await response.json()).secure_url;
}

/** A story of the member's, made through the API (the header's upload has its own journey). */
async function apiStory(member: Member, kind: "image" | "video"): Promise<string> {
  const { story } = await ok(member, "POST", "/stories", { url: await uploadFixture(member, kind) });
  return story._id;
}

const strip = (page: Page) => page.getByRole("region", { name: "Stories" });
const viewer = (page: Page) => page.getByRole("dialog", { name: "Stories" });
const tileOf = (page: Page, member: Member, seen: boolean) =>
  strip(page).getByRole("button", { name: `${member.username}'s story, ${seen ? "seen" : "not seen"}` });
/** The video a story shows (not the next one's, preloaded hidden). */
const storyVideo = (page: Page) => viewer(page).locator("video:not([data-preload])");
const storyImage = (page: Page, author: Member) =>
  viewer(page).getByRole("img", { name: new RegExp(`^Story by @${author.username}, `) });

/** The open viewer's progress bars, as their aria-valuenow (0–100), one per story of the member shown. */
function bars(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="dialog"] [role="progressbar"]')]
      .filter((bar) => /^Story \d+ of \d+$/.test(bar.getAttribute("aria-label") ?? ""))
      .map((bar) => Number(bar.getAttribute("aria-valuenow"))),
  );
}

/**
 * Keeps every change of the viewer's bars, with the page's time, from now on: what happened between two
 * of the test's own looks (a bar's last value before the next story began) is read from it afterwards.
 */
async function recordBars(page: Page) {
  await page.evaluate(() => {
    const log: { at: number; values: number[] }[] = [];
    (window as unknown as { barLog: typeof log }).barLog = log;
    const read = () =>
      [...document.querySelectorAll('[role="dialog"] [role="progressbar"]')]
        .filter((bar) => /^Story \d+ of \d+$/.test(bar.getAttribute("aria-label") ?? ""))
        .map((bar) => Number(bar.getAttribute("aria-valuenow")));
    new MutationObserver(() => log.push({ at: performance.now(), values: read() })).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-valuenow"],
    });
  });
}

const barLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { barLog: { at: number; values: number[] }[] }).barLog);

/** Lets `ms` of the page's own time pass: only to show that nothing moves meanwhile (a paused story). */
async function pageTimePasses(page: Page, ms: number) {
  const from = await page.evaluate(() => performance.now());
  await page.waitForFunction((until) => performance.now() >= until, from + ms, { polling: 50 });
}

/** Where a tap on the open viewer's left or right third lands, and its middle. */
async function thirds(page: Page) {
  const box = await viewer(page).boundingBox();
  if (!box) throw new Error("the viewer is not on screen");
  const y = box.y + box.height / 2;
  return {
    left: { x: box.x + box.width / 6, y },
    right: { x: box.x + (box.width * 5) / 6, y },
  };
}

/** Waits until the pictures in the open dialogs have loaded and the video (if any) shows a frame. */
async function mediaShown(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[role="dialog"] img, [role="dialog"] video:not([data-preload])')].every(
      (media) =>
        media instanceof HTMLImageElement ? media.complete : (media as HTMLVideoElement).readyState >= 2,
    ),
  );
}

/** Picks a file with the header's "Upload story" button (the file chooser, as a member does). */
async function uploadFromHeader(page: Page, file: string, kind: "image" | "video") {
  // The upload to the media host is held until its progress has been seen: a local upload is otherwise
  // over before a look could catch it.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const route = `**/api/media/${kind}/upload`;
  await page.route(route, async (request) => {
    await held;
    await request.continue();
  });
  const chooser = page.waitForEvent("filechooser");
  await page.locator("header").getByRole("button", { name: "Upload story" }).click();
  await (await chooser).setFiles(file);

  const progress = page.locator("header").getByRole("progressbar", { name: "Story upload" });
  await progress.waitFor();
  expect(Number(await progress.getAttribute("aria-valuenow"))).toBeLessThan(100);
  // While the file goes up, the header's button cancels it (the story-upload component tests cancel).
  expect(await page.locator("header").getByRole("button", { name: "Cancel story upload" }).isEnabled()).toBe(
    true,
  );
  release();
  await progress.waitFor({ state: "detached" });
  await page.unroute(route);
  const toast = page.locator(".Toastify__toast").filter({ hasText: "Your story is shared" });
  await toast.waitFor();
  await toast.click();
  await toast.waitFor({ state: "detached" });
}

describe("stories", () => {
  it("a member shares a photo and a video from the header; a follower plays them; the owner sees the viewer live and deletes them", async () => {
    const owner = await openContext(browser);
    const follower = await openContext(browser);
    const alice = await apiMember("alice");
    const bob = await apiMember("bob");
    await ok(bob, "POST", `/follow/${alice.id}`, {});
    await signInAs(owner.page, alice);
    await signInAs(follower.page, bob);

    // Bob has the feed open before Alice shares anything: her stories reach his strip live.
    await follower.page.goto("/post");
    await strip(follower.page).getByText("No stories yet").waitFor();

    // 1. Alice shares a photo, then a video, from the header; her own tile leads the strip.
    await owner.page.goto("/post");
    await strip(owner.page).getByText("No stories yet").waitFor();
    await uploadFromHeader(owner.page, sunset, "image");
    const ownTile = strip(owner.page)
      .getByRole("listitem")
      .first()
      .getByRole("button", { name: "Your story" });
    await ownTile.waitFor();
    await uploadFromHeader(owner.page, clip, "video");
    const { stories: ownStrip } = await ok(alice, "GET", "/stories");
    expect(ownStrip).toHaveLength(1);
    expect(ownStrip[0].user._id).toBe(alice.id);
    expect(ownStrip[0].stories.map((story: { mediaType: string }) => story.mediaType)).toEqual([
      "image",
      "video",
    ]);
    expect(ownStrip[0].stories[0].mediaUrl).toMatch(/^\/media\/image\/[0-9a-f-]{36}\.jpg$/);
    expect(ownStrip[0].stories[1].mediaUrl).toMatch(/^\/media\/video\/[0-9a-f-]{36}\.mp4$/);

    // 3. Alice opens her own story and its viewers: nobody yet. The list stays open, paused on it.
    await ownTile.click();
    await viewer(owner.page).waitFor();
    await viewer(owner.page).getByRole("button", { name: "0 viewers" }).click();
    const viewersList = owner.page.getByRole("dialog", { name: "Viewers" });
    await viewersList.getByText("No viewers yet").waitFor();

    // 2. Bob's strip got Alice's tile live, with the ring of something new.
    const bobsTile = tileOf(follower.page, alice, false);
    await bobsTile.waitFor();
    const fb = follower.page;
    await bobsTile.click();
    const openedAt = Date.now();
    await recordBars(fb);
    await viewer(fb).waitFor();
    await storyImage(fb, alice).waitFor();
    expect(await viewer(fb).getByRole("progressbar").count()).toBe(2);

    // The first bar fills as time passes (one look, then a later one that is further on).
    const firstLook = (await bars(fb))[0] ?? 0;
    await expect.poll(async () => (await bars(fb))[0], STORY_WAIT).toBeGreaterThan(firstLook);

    // Press and hold on the right third: the bar stands still while the pointer is down.
    const { left, right } = await thirds(fb);
    await fb.mouse.move(right.x, right.y);
    await fb.mouse.down();
    const heldAt = await bars(fb);
    await pageTimePasses(fb, 600);
    const stillAt = await bars(fb);
    expect(heldAt[0]).toBeGreaterThan(0);
    expect(heldAt[0]).toBeLessThan(100);
    expect(stillAt).toEqual(heldAt);
    // Letting go after a hold is not a tap: the same photo plays on from where it stood.
    await fb.mouse.up();
    await expect
      .poll(() => bars(fb), STORY_WAIT)
      .toSatisfy(([photo, video]) => (photo ?? 0) > (heldAt[0] ?? 0) && video === 0);

    // After its 5 s the photo gives way to the video on its own, and the video's bar fills.
    await expect
      .poll(() => bars(fb), STORY_WAIT)
      .toSatisfy(([photo, video]) => photo === 100 && (video ?? 0) > 0);
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(IMAGE_STORY_MS);
    await storyVideo(fb).waitFor();
    await fb.waitForFunction(
      (video) => (video as HTMLVideoElement).currentTime > 0,
      await storyVideo(fb).elementHandle(),
    );

    // At the video's end (its own 3 s, not an image's 5) the viewer wraps round to Alice's first story.
    await expect
      .poll(() => bars(fb), STORY_WAIT)
      .toSatisfy(([photo, video]) => (photo ?? 0) < 100 && video === 0);
    await storyImage(fb, alice).waitFor();
    const log = await barLog(fb);
    const videoStart = log.findIndex((entry) => entry.values[0] === 100 && (entry.values[1] ?? 0) > 0);
    const wrap = log.findIndex((entry, index) => index > videoStart && entry.values[1] === 0);
    expect(videoStart).toBeGreaterThan(-1);
    expect(wrap).toBeGreaterThan(videoStart);
    const videoBar = log.slice(videoStart, wrap).map((entry) => entry.values[1] ?? 0);
    // Its bar was (nearly) full when the video ended: a 5-second bar would have stood near 60.
    expect(Math.max(...videoBar)).toBeGreaterThanOrEqual(75);
    // And it filled steadily, tick by tick, never jumping back.
    expect(videoBar).toEqual([...videoBar].sort((a, b) => a - b));

    // Paused (so no story ends meanwhile), the taps and the arrows step between the two stories.
    await viewer(fb).getByRole("button", { name: "Pause" }).click();
    await viewer(fb).getByRole("button", { name: "Play" }).waitFor();
    await fb.mouse.click(right.x, right.y);
    await expect.poll(() => bars(fb), STORY_WAIT).toEqual([100, 0]);
    await storyVideo(fb).waitFor();
    await fb.keyboard.press("ArrowLeft");
    await expect.poll(() => bars(fb), STORY_WAIT).toEqual([0, 0]);
    await storyImage(fb, alice).waitFor();
    await fb.keyboard.press("ArrowRight");
    await expect.poll(() => bars(fb), STORY_WAIT).toEqual([100, 0]);
    await storyVideo(fb).waitFor();
    await fb.mouse.click(left.x, left.y);
    await expect.poll(() => bars(fb), STORY_WAIT).toEqual([0, 0]);
    await storyImage(fb, alice).waitFor();

    // Escape closes the viewer and gives the focus back to Alice's tile, whose ring now reads as seen.
    await fb.keyboard.press("Escape");
    await viewer(fb).waitFor({ state: "detached" });
    await tileOf(fb, alice, true).waitFor();
    expect(await fb.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      `${alice.username}'s story, seen`,
    );
    // The server kept both views.
    await fb.reload();
    await tileOf(fb, alice, true).waitFor();

    // 3. Alice's viewers list, open all along, shows Bob without a reload; her count says one viewer.
    await viewersList
      .getByRole("list", { name: "Viewers" })
      .getByText(bob.username, { exact: true })
      .waitFor();
    expect(await viewersList.getByText("No viewers yet").count()).toBe(0);
    await owner.page.keyboard.press("Escape");
    await viewersList.waitFor({ state: "detached" });
    await viewer(owner.page).getByRole("button", { name: "1 viewer", exact: true }).waitFor();
    // Her own looks are not views: she is in neither story's list.
    for (const story of ownStrip[0].stories) {
      const { viewers, viewersCount } = await ok(alice, "GET", `/stories/${story._id}/viewers`);
      expect({ viewersCount, viewers: viewers.map((v: { _id: string }) => v._id) }).toEqual({
        viewersCount: 1,
        viewers: [bob.id],
      });
    }

    // 5. Bob watches Alice's stories again, paused on the first, when Alice deletes the video.
    await tileOf(fb, alice, true).click();
    await viewer(fb).getByRole("button", { name: "Pause" }).click();
    await viewer(fb).getByRole("progressbar", { name: "Story 2 of 2" }).waitFor();

    const ob = owner.page;
    await viewer(ob).getByRole("button", { name: "Pause" }).click();
    if ((await bars(ob))[0] !== 100) await ob.keyboard.press("ArrowRight");
    await storyVideo(ob).waitFor();
    const deleteFromMenu = async () => {
      await viewer(ob).getByRole("button", { name: "Story options" }).click();
      await ob.getByRole("menuitem", { name: "Delete" }).click();
      return ob.getByRole("dialog", { name: "Delete story?" });
    };
    // A change of mind first: Cancel keeps it.
    const confirm = await deleteFromMenu();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await viewer(fb).getByRole("progressbar", { name: "Story 2 of 2" }).count()).toBe(1);
    await (await deleteFromMenu()).getByRole("button", { name: "Delete", exact: true }).click();
    await confirm.waitFor({ state: "detached" });

    // It leaves Bob's open viewer live: one bar left. Alice's viewer moves on to her photo.
    await viewer(fb).getByRole("progressbar", { name: "Story 1 of 1" }).waitFor();
    expect(await viewer(fb).getByRole("progressbar").count()).toBe(1);
    await storyImage(ob, alice).waitFor();
    await viewer(ob).getByRole("progressbar", { name: "Story 1 of 1" }).waitFor();

    // Her last story deleted, both viewers close and Alice's tile leaves Bob's strip.
    await (await deleteFromMenu()).getByRole("button", { name: "Delete", exact: true }).click();
    await viewer(ob).waitFor({ state: "detached" });
    await strip(ob).getByRole("button", { name: "Add to your story" }).waitFor();
    await viewer(fb).waitFor({ state: "detached" });
    await strip(fb).getByText("No stories yet").waitFor();
    expect(
      await strip(fb)
        .getByRole("button", { name: new RegExp(alice.username) })
        .count(),
    ).toBe(0);
    expect((await ok(bob, "GET", "/stories")).stories).toEqual([]);

    await owner.context.close();
    await follower.context.close();
  }, 180_000);

  it("a stranger never gets a private member's story: not in the strip, not through the API", async () => {
    const carol = await apiMember("carol");
    const dave = await apiMember("dave");
    const erin = await apiMember("erin");
    await ok(carol, "PUT", "/user/privacy", { isPrivate: true });
    const secret = await apiStory(carol, "image");
    // Dave follows Erin (so his strip has something in it) and only asks to follow Carol.
    await apiStory(erin, "image");
    await ok(dave, "POST", `/follow/${erin.id}`, {});
    await ok(dave, "POST", `/follow/${carol.id}`, {});

    const { page, context } = await openContext(browser);
    await signInAs(page, dave);
    await page.goto("/post");
    await tileOf(page, erin, false).waitFor();
    expect(
      await strip(page)
        .getByRole("button", { name: new RegExp(carol.username) })
        .count(),
    ).toBe(0);

    // Nor does the API give it away: absent from his strip, and no such story when he asks for it.
    const { stories } = await ok(dave, "GET", "/stories");
    expect(stories.map((group: { user: { _id: string } }) => group.user._id)).toEqual([erin.id]);
    expect(JSON.stringify(stories)).not.toContain(secret);
    const view = await api(dave, "POST", `/stories/${secret}/view`);
    expect(view).toEqual({ status: 404, body: { message: "Story not found" } });
    expect((await api(dave, "GET", `/stories/${secret}/viewers`)).status).toBe(404);
    expect((await api(dave, "DELETE", `/stories/${secret}`)).status).toBe(404);

    // The story is there all the same: Carol's own strip has it, and Dave's look was not counted.
    const own = await ok(carol, "GET", "/stories");
    expect(own.stories[0].stories[0]).toMatchObject({ _id: secret, viewersCount: 0 });
    await context.close();
  });

  it("on a phone on its side, the viewer keeps its author's round picture and a readable name beside the buttons", async () => {
    const long = await apiMember("averyverylongname");
    await ok(long, "PUT", "/profile/update", { avatar: await uploadFixture(long, "image") });
    // A video: its Mute button makes three buttons in the header.
    await apiStory(long, "video");
    const vera = await apiMember("vera");
    await ok(vera, "POST", `/follow/${long.id}`, {});

    const { page, context } = await openContext(browser, { width: 844, height: 390 });
    await signInAs(page, vera);
    await page.goto("/post");
    await tileOf(page, long, false).click();
    await storyVideo(page).waitFor();
    await viewer(page).getByRole("button", { name: "Pause" }).click();
    await animationsSettled(page);
    const author = viewer(page).getByRole("link", { name: long.username });
    const [avatar, name, buttons] = await Promise.all([
      author.locator("img").boundingBox(),
      author.getByText(long.username).boundingBox(),
      viewer(page)
        .getByRole("button", { name: /^(Mute|Unmute)$/ })
        .boundingBox(),
    ]);
    // Drawn whole and round, not squeezed (it was 12 x 32, beside a name 0 px wide, in a 202 px card).
    expect(avatar).toMatchObject({ width: 32, height: 32 });
    expect(name?.width).toBeGreaterThanOrEqual(32);
    expect((name?.x ?? 0) + (name?.width ?? 0)).toBeLessThanOrEqual(buttons?.x ?? 0);
    expect((await viewer(page).boundingBox())?.width).toBeGreaterThanOrEqual(384);
    await page.screenshot({ path: join(artifacts, "stories-viewer-landscape.png") });
    await context.close();
  });

  it("the strip and the viewer look right on a phone and a desktop, with no serious axe findings", async () => {
    // Members with stories: two stories (a photo, then a video), a video, a photo, and a long name.
    const maya = await apiMember("maya");
    const leo = await apiMember("leo");
    const zoe = await apiMember("zoe");
    const long = await apiMember("averyverylongname");
    for (const [member, fullName] of [
      [maya, "Maya Lind"],
      [zoe, "Zoë Hart"],
    ] as const) {
      // Each uploads their own picture: a file is its uploader's alone to share.
      await ok(member, "PUT", "/profile/update", { fullName, avatar: await uploadFixture(member, "image") });
    }
    await apiStory(maya, "image");
    await apiStory(maya, "video");
    await apiStory(leo, "video");
    const zoeStory = await apiStory(zoe, "image");
    await apiStory(long, "image");
    await ok(maya, "POST", "/posts", {
      image: await uploadFixture(maya, "image"),
      caption: "Golden hour at the pier",
    });

    for (const [name, viewport] of Object.entries(viewports)) {
      // A member of their own on each screen, so both see the same strip: their own story (Maya saw
      // it), three members with something new, and Zoë's story, already seen.
      const vera = await apiMember("vera");
      await ok(vera, "PUT", "/profile/update", {
        fullName: "Vera Stone",
        avatar: await uploadFixture(vera, "image"),
      });
      const veraStory = await apiStory(vera, "image");
      for (const member of [maya, leo, zoe, long]) await ok(vera, "POST", `/follow/${member.id}`, {});
      await ok(vera, "POST", `/stories/${zoeStory}/view`);
      await ok(maya, "POST", `/follow/${vera.id}`, {});
      await ok(maya, "POST", `/stories/${veraStory}/view`);

      const { page, context } = await openContext(browser, viewport);
      await signInAs(page, vera);
      await page.goto("/post");
      await tileOf(page, zoe, true).waitFor();
      await page.getByRole("article", { name: `Post by @${maya.username}` }).waitFor();
      await page.evaluate(() => document.fonts.ready);
      await page.waitForFunction(() =>
        [...document.images].every((image) => image.complete || image.loading === "lazy"),
      );
      await animationsSettled(page);
      const labels = await strip(page)
        .getByRole("listitem")
        .getByRole("button")
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));
      // Her own first; then those with something new; the seen one last.
      expect(labels).toHaveLength(5);
      expect(labels[0]).toBe("Your story");
      expect(labels.slice(1, 4).every((label) => label?.endsWith(", not seen"))).toBe(true);
      expect(labels[4]).toBe(`${zoe.username}'s story, seen`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(Math.max(overflow, 0)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(artifacts, `stories-strip-${name}.png`) });

      // Someone else's story, playing: the photo, then the video.
      await tileOf(page, maya, false).click();
      await storyImage(page, maya).waitFor();
      await mediaShown(page);
      await animationsSettled(page);
      await expect.poll(async () => (await bars(page))[0], STORY_WAIT).toBeGreaterThan(10);
      await page.screenshot({ path: join(artifacts, `stories-viewer-${name}.png`) });
      // Held still for axe, which takes longer than a story lasts on a busy machine.
      await viewer(page).getByRole("button", { name: "Pause" }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press("ArrowRight");
      await storyVideo(page).waitFor();
      await mediaShown(page);
      expect(await seriousViolations(page)).toEqual([]);
      // Playing again, with the pointer and the focus off the controls as a watching member's are.
      await viewer(page).getByRole("button", { name: "Play" }).click();
      await page.mouse.move(5, (viewport.height * 2) / 3);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await animationsSettled(page);
      await page.waitForFunction(
        (video) => (video as HTMLVideoElement).currentTime > 0.3,
        await storyVideo(page).elementHandle(),
      );
      await page.screenshot({ path: join(artifacts, `stories-viewer-video-${name}.png`) });
      await page.keyboard.press("Escape");
      await viewer(page).waitFor({ state: "detached" });

      // Her own story: the viewers count and the menu, then the viewers list.
      await strip(page).getByRole("button", { name: "Your story" }).click();
      await viewer(page).getByRole("button", { name: "Pause" }).click();
      await viewer(page).getByRole("button", { name: "1 viewer", exact: true }).waitFor();
      await mediaShown(page);
      await animationsSettled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.mouse.move(5, (viewport.height * 2) / 3);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await animationsSettled(page);
      await page.screenshot({ path: join(artifacts, `stories-viewer-own-${name}.png`) });
      await viewer(page).getByRole("button", { name: "1 viewer", exact: true }).click();
      const list = page.getByRole("dialog", { name: "Viewers" });
      await list.getByRole("list", { name: "Viewers" }).getByText(maya.username, { exact: true }).waitFor();
      await mediaShown(page);
      await animationsSettled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(artifacts, `stories-viewers-${name}.png`) });
      await context.close();
    }
  }, 240_000);
});
