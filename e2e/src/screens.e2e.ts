import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newMember, openContext, viewports } from "./browser.js";

/** Screenshots land here for people to look at (README: "Screenshots"); the folder is not committed. */
const artifacts = join(import.meta.dirname, "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

const browser = await launchBrowser();
// A username near the 30-character limit, so long names are what the layout is checked with.
const member = newMember("screenslongername");
const friend = newMember("friend");
let memberToken = "";
let postPath = "";

async function api(path: string, init: { token?: string; body?: unknown; form?: FormData } = {}) {
  const response = await fetch(`${inject("baseUrl")}/api${path}`, {
    method: init.body || init.form ? "POST" : "GET",
    headers: {
      ...(init.token && { authorization: `Bearer ${init.token}` }),
      ...(init.body !== undefined && { "content-type": "application/json" }),
    },
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function signUpAndIn(person: typeof member) {
  await api("/auth/signup", { body: person });
  return api("/auth/signin", { body: { identifier: person.username, password: person.password } });
}

/** A member who follows a friend, with posts (real uploaded photos), likes and comments to show. */
beforeAll(async () => {
  const me = await signUpAndIn(member);
  const them = await signUpAndIn(friend);
  memberToken = me.token;
  const form = new FormData();
  form.append(
    "file",
    new Blob([readFileSync(join(import.meta.dirname, "..", "fixtures", "sunset.jpg"))], {
      type: "image/jpeg",
    }),
    "sunset.jpg",
  );
  form.append("upload_preset", "flik");
  const { secure_url: image } = await api("/media/image/upload", { token: them.token, form });
  await api(`/follow/${them.user.id}`, { token: me.token, body: {} });
  const { post: older } = await api("/posts", {
    token: them.token,
    body: { image, caption: "Golden hour at the pier", location: "Brighton", tags: "#sunset #sea" },
  });
  const { post } = await api("/posts", {
    token: me.token,
    body: { image, caption: "Same sunset, my angle", location: "Brighton Pier" },
  });
  await api(`/posts/${older._id}/like`, { token: me.token, body: {} });
  await api(`/posts/${older._id}/comment`, { token: me.token, body: { text: "Stunning colours!" } });
  await api(`/posts/${post._id}/like`, { token: them.token, body: {} });
  await api(`/posts/${post._id}/comment`, {
    token: them.token,
    body: { text: "We were there at the same time!" },
  });
  await api("/highlights", { token: them.token, body: { name: "Sunsets", type: "image", src: image } });
  await api("/highlights", { token: me.token, body: { name: "Brighton", type: "image", src: image } });
  const updated = await fetch(`${inject("baseUrl")}/api/profile/update`, {
    method: "PUT",
    headers: { authorization: `Bearer ${them.token}`, "content-type": "application/json" },
    body: JSON.stringify({
      fullName: "Friend of Flik",
      bio: "Chasing golden hours 🌅",
      website: "https://example.com",
      avatar: image,
    }),
  });
  if (!updated.ok) throw new Error(`profile update: ${await updated.text()}`);
  postPath = `/post/${member.username}/${post._id}`;
});

async function signIn(page: Page) {
  const { user } = await api("/user", { token: memberToken });
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem("token", token);
      localStorage.setItem("userId", user.id);
      localStorage.setItem("username", user.username);
    },
    { token: memberToken, user },
  );
}

const screens = [
  { name: "sign-up", path: () => "/", heading: "Create your account", signedIn: false },
  { name: "sign-in", path: () => "/login", heading: "Welcome back", signedIn: false },
  { name: "not-found", path: () => "/no/such/page", heading: "Page not found", signedIn: false },
  { name: "profile", path: () => "/profile", heading: `@${member.username}`, signedIn: true },
  { name: "coming-soon", path: () => "/settings", heading: "Settings", signedIn: true },
  { name: "feed", path: () => "/post", heading: `Post by @${friend.username}`, signedIn: true },
  { name: "new-post", path: () => "/post/new", heading: "New post", signedIn: true },
  { name: "post", path: () => postPath, heading: `Post by @${member.username}`, signedIn: true },
  {
    name: "member-profile",
    path: () => `/profile/${friend.username}`,
    heading: `@${friend.username}`,
    signedIn: true,
  },
  { name: "edit-profile", path: () => "/edit-profile", heading: "Edit profile", signedIn: true },
  {
    name: "post-modal",
    path: () => `/profile/${friend.username}`,
    heading: `@${friend.username}`,
    signedIn: true,
    open: (page: Page) => page.getByRole("button", { name: /Golden hour at the pier/ }).click(),
  },
  {
    name: "highlight-form",
    path: () => "/profile",
    heading: `@${member.username}`,
    signedIn: true,
    open: (page: Page) => page.getByRole("button", { name: "Add highlight" }).click(),
  },
] as const;

describe.each(Object.entries(viewports))("on a %s", (viewportName, viewport) => {
  it.each(screens)("$name shows its content without sideways scrolling", async (screen) => {
    const { page, context } = await openContext(browser, viewport);
    await page.goto("/login");
    if (screen.signedIn) await signIn(page);
    await page.goto(screen.path());
    const target =
      screen.name === "feed"
        ? page.getByRole("article", { name: screen.heading })
        : page.getByRole("heading", { name: screen.heading }).first();
    await target.waitFor();
    if ("open" in screen) {
      await screen.open(page);
      await page.getByRole("dialog").waitFor();
      await page.waitForTimeout(300); // the dialog's entrance animation, for the screenshot only
    }
    await page.evaluate(() => document.fonts.ready);
    await page.waitForFunction(() =>
      [...document.images].every((image) => image.complete || image.loading === "lazy"),
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => `${element.tagName}.${String(element.className).slice(0, 80)}`)
        .slice(0, 5),
    );
    expect({ overflow: Math.max(overflow, 0), wide }).toEqual({ overflow: 0, wide: [] });
    await page.screenshot({ path: join(artifacts, `${screen.name}-${viewportName}.png`), fullPage: true });
    await context.close();
  });
});
