import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  launchBrowser,
  openContext,
  openWatching,
  signedInMember,
  uploadedPhoto,
  viewports,
} from "./browser.js";

const browser = await launchBrowser();
const sunset = join(import.meta.dirname, "..", "fixtures", "sunset.jpg");
const clip = join(import.meta.dirname, "..", "fixtures", "flick.mp4");

describe("posts", () => {
  it("a member shares a photo from a real file and finds it in the feed", async () => {
    const { page } = await openContext(browser);
    const alice = await signedInMember(page, "alice");

    await page.goto("/post/new");
    await page.getByLabel("Photo or video").setInputFiles(sunset);
    await page.getByLabel("Caption").fill("Sunset at the pier");
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Post created!" }).waitFor();
    await page.waitForURL(new RegExp(`/post/${alice.username}/[0-9a-f-]{36}$`));

    await page.goto("/post");
    const card = page.getByRole("article", { name: `Post by @${alice.username}` });
    await card.getByText("Sunset at the pier").waitFor();
    const src = await card.getByRole("img").first().getAttribute("src");
    expect(src).toMatch(/^\/media\/image\/[0-9a-f-]{36}\.jpg$/);
    const image = await page.request.get(src ?? "");
    expect(image.status()).toBe(200);

    // The photo (1080x1080) keeps its square shape in the feed, and the post says its size.
    const frame = await card
      .getByRole("img", { name: "Sunset at the pier" })
      .evaluate((img) => (img.parentElement as HTMLElement).getBoundingClientRect());
    expect(frame.width / frame.height).toBeCloseTo(1, 2);
    const feed = await page.request.get("/api/posts", {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    const { posts } = await feed.json();
    expect(posts[0]).toMatchObject({ caption: "Sunset at the pier", width: 1080, height: 1080 });
  });

  it("a video in the feed plays muted while in view, without browser controls, and a tap turns on its sound", async () => {
    const { page } = await openContext(browser, viewports.phone);
    const carol = await signedInMember(page, "carol");
    const headers = { authorization: `Bearer ${carol.token}` };
    const upload = await page.request.post("/api/media/video/upload", {
      headers,
      multipart: {
        file: { name: "flick.mp4", mimeType: "video/mp4", buffer: readFileSync(clip) },
        upload_preset: "flik",
      },
    });
    const { secure_url: video } = await upload.json();
    await page.request.post("/api/posts", {
      headers,
      data: { image: video, caption: "Test pattern", width: 360, height: 640 },
    });

    await page.goto("/post");
    const card = page.getByRole("article", { name: `Post by @${carol.username}` });
    const element = await card.locator("video").elementHandle();
    // Polls (never sleeps) until it really plays: not paused and its clock moving.
    await page.waitForFunction((media) => {
      const playing = media as HTMLVideoElement;
      return !playing.paused && playing.currentTime > 0.1 && playing.muted;
    }, element);
    expect(await card.locator("video").evaluate((media: HTMLVideoElement) => media.controls)).toBe(false);

    await card.getByRole("button", { name: "Unmute" }).click();
    expect(await card.locator("video").evaluate((media: HTMLVideoElement) => media.muted)).toBe(false);
    await card.getByRole("button", { name: "Mute" }).waitFor();
  });

  it("the author sees another member's like and comment arrive live", async () => {
    const first = await openContext(browser);
    const second = await openContext(browser);
    const alice = await signedInMember(first.page, "alice");
    const bob = await signedInMember(second.page, "bob");

    const created = await first.page.request.post("/api/posts", {
      headers: { authorization: `Bearer ${alice.token}` },
      data: { image: await uploadedPhoto(first.page, alice), caption: "Live from the pier" },
    });
    const { post } = await created.json();
    await second.page.request.post(`/api/follow/${alice.id}`, {
      headers: { authorization: `Bearer ${bob.token}` },
    });

    await first.page.goto(`/post/${alice.username}/${post._id}`);
    const aliceView = first.page.getByRole("article", { name: `Post by @${alice.username}` });
    await aliceView.getByText("Live from the pier").first().waitFor();

    await second.page.goto("/post");
    const bobsCard = second.page.getByRole("article", { name: `Post by @${alice.username}` });
    await bobsCard.getByRole("button", { name: "Like" }).click();
    await bobsCard.getByRole("button", { name: "Unlike" }).waitFor();
    await bobsCard.getByPlaceholder("Add a comment...").fill("What a view!");
    await bobsCard.getByPlaceholder("Add a comment...").press("Enter");

    await aliceView.getByText("What a view!").waitFor();
    await aliceView.getByText(/^1 like$/).waitFor();
    // Bob's like is not Alice's: her button still offers Like (its name says the state).
    expect(await aliceView.getByRole("button", { name: "Like" }).count()).toBe(1);
  });

  it("the author deletes a member's comment on her post, and it leaves the member's open screen live", async () => {
    const first = await openContext(browser);
    const second = await openContext(browser);
    const alice = await signedInMember(first.page, "alice");
    const bob = await signedInMember(second.page, "bob");
    const created = await first.page.request.post("/api/posts", {
      headers: { authorization: `Bearer ${alice.token}` },
      data: { image: await uploadedPhoto(first.page, alice), caption: "Comments welcome" },
    });
    const { post } = await created.json();
    for (const text of ["Lovely light", "Buy followers here"])
      await second.page.request.post(`/api/posts/${post._id}/comment`, {
        headers: { authorization: `Bearer ${bob.token}` },
        data: { text },
      });

    await second.page.goto(`/post/${alice.username}/${post._id}`);
    const bobsView = second.page.getByRole("list", { name: "Comments" });
    await bobsView.getByText("Buy followers here").waitFor();
    await first.page.goto(`/post/${alice.username}/${post._id}`);
    const alicesView = first.page.getByRole("list", { name: "Comments" });
    const spam = alicesView.getByRole("listitem").filter({ hasText: "Buy followers here" });
    await spam.getByRole("button", { name: "Delete comment" }).click();

    await spam.waitFor({ state: "detached" });
    await bobsView.getByText("Buy followers here").waitFor({ state: "detached" });
    await bobsView.getByText("Lovely light").waitFor();
    const reread = await first.page.request.get(`/api/posts/${post._id}`, {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect((await reread.json()).post.commentsCount).toBe(1);
  });

  it("a post its author deletes while a member has it open says so and goes to the feed, though the tab came from another page", async () => {
    const first = await openContext(browser);
    const second = await openContext(browser);
    const alice = await signedInMember(first.page, "alice");
    await signedInMember(second.page, "bob");
    const created = await first.page.request.post("/api/posts", {
      headers: { authorization: `Bearer ${alice.token}` },
      data: { image: await uploadedPhoto(first.page, alice), caption: "Here for a moment" },
    });
    const { post } = await created.json();

    // Bob was on his profile, then typed the post's address: Back would reload the app, losing the toast.
    await second.page.goto("/profile");
    await second.page.getByRole("heading", { level: 1 }).first().waitFor();
    // Watching: the server has the page in the post's room, so its deletion reaches it on any machine.
    await openWatching(second.page, `/post/${alice.username}/${post._id}`, post._id);
    await second.page.getByText("Here for a moment").first().waitFor();

    const deleted = await first.page.request.delete(`/api/posts/${post._id}`, {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(deleted.status()).toBe(200);

    await second.page.getByRole("alert").filter({ hasText: "This post was deleted." }).waitFor();
    await second.page.waitForURL((url) => url.pathname === "/post");
  });

  it("a long comment takes two lines under a feed card, and shows whole on the post's page", async () => {
    const { page } = await openContext(browser, viewports.phone);
    const alice = await signedInMember(page, "alice");
    const created = await page.request.post("/api/posts", {
      headers: { authorization: `Bearer ${alice.token}` },
      data: { image: await uploadedPhoto(page, alice), caption: "Say anything" },
    });
    const { post } = await created.json();
    const text = `${"A long thought about the light, ".repeat(30)}the end.`;
    await page.request.post(`/api/posts/${post._id}/comment`, {
      headers: { authorization: `Bearer ${alice.token}` },
      data: { text },
    });

    await page.goto("/post");
    const card = page.getByRole("article", { name: `Post by @${alice.username}` });
    const preview = card.getByRole("list", { name: "Latest comments" }).getByRole("listitem");
    await preview.waitFor();
    const lines = await preview.evaluate((item) => {
      const style = getComputedStyle(item);
      return item.getBoundingClientRect().height / Number.parseFloat(style.lineHeight);
    });
    expect(lines).toBeCloseTo(2, 0);
    // Cut only to the eye: its text is all there for a screen reader.
    expect(await preview.textContent()).toContain("the end.");

    await page.goto(`/post/${alice.username}/${post._id}`);
    const whole = page.getByRole("list", { name: "Comments" }).getByRole("listitem").first();
    expect((await whole.boundingBox())?.height ?? 0).toBeGreaterThan(200);
  });

  it("a newcomer's empty feed fills with the posts of a member they follow, on their way back Home", async () => {
    const first = await openContext(browser);
    const second = await openContext(browser, viewports.phone);
    const alice = await signedInMember(first.page, "alice");
    await first.page.request.post("/api/posts", {
      headers: { authorization: `Bearer ${alice.token}` },
      data: { image: await uploadedPhoto(first.page, alice), caption: "Worth following" },
    });
    const { page } = second;
    await signedInMember(page, "newcomer");

    await page.goto("/post");
    await page.getByRole("heading", { name: "No posts yet" }).waitFor();
    await page.getByRole("link", { name: "Find people to follow" }).click();
    const box = page.getByRole("combobox", { name: "Search people, posts and tags" });
    // Ready to type in: the box has the focus.
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    await box.fill(alice.username);
    await page
      .getByRole("option", { name: new RegExp(alice.username) })
      .first()
      .click();
    await page.getByRole("button", { name: "Follow", exact: true }).click();
    await page.getByRole("button", { name: "Following", exact: true }).waitFor();

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await page.getByRole("article", { name: `Post by @${alice.username}` }).waitFor();
    expect(await page.getByRole("heading", { name: "No posts yet" }).count()).toBe(0);
  });

  it("a feed of several posts, joined in one list, shows a like on any of them live", async () => {
    const first = await openContext(browser);
    const alice = await signedInMember(first.page, "alice");
    const bob = await signedInMember((await openContext(browser)).page, "bob");
    const captions = ["Morning swim", "Harbour at noon", "Evening tide"];
    const ids: string[] = [];
    for (const caption of captions) {
      const created = await first.page.request.post("/api/posts", {
        headers: { authorization: `Bearer ${alice.token}` },
        data: { image: await uploadedPhoto(first.page, alice), caption },
      });
      ids.push((await created.json()).post._id);
    }
    const joins: unknown[] = [];
    first.page.on("websocket", (socket) =>
      socket.on("framesent", ({ payload }) => {
        if (String(payload).includes('"joinPostRoom"')) joins.push(payload);
      }),
    );

    await first.page.goto("/post");
    const cardOf = (caption: string) =>
      first.page.getByRole("article", { name: `Post by @${alice.username}` }).filter({ hasText: caption });
    for (const caption of captions) await cardOf(caption).waitFor();
    await expect.poll(() => joins.length).toBeGreaterThan(0);

    await first.page.request.post(`/api/posts/${ids[0]}/like`, {
      headers: { authorization: `Bearer ${bob.token}` },
    });
    await cardOf("Morning swim")
      .getByText(/^1 like$/)
      .waitFor();
    // The three posts were joined by one event, not one each.
    expect(joins, String(joins)).toHaveLength(1);
  });
});
