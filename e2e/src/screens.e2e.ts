import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newMember, openContext, viewports } from "./browser.js";

/** Screenshots land here for people to look at (README: "Screenshots"); the folder is not committed. */
const artifacts = join(import.meta.dirname, "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

const browser = await launchBrowser();
const member = newMember("screens");
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
    await page.evaluate(() => document.fonts.ready);
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(artifacts, `${screen.name}-${viewportName}.png`), fullPage: true });
    await context.close();
  });
});
