import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TAG_MAX_LENGTH } from "@flik/shared";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { animationsSettled, dismissToast, seriousViolations } from "./axe.js";
import { launchBrowser, newMember, openContext, viewports } from "./browser.js";

/** Screenshots land here for people to look at (README: "Screenshots"); the folder is not committed. */
const artifacts = join(import.meta.dirname, "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

const browser = await launchBrowser();
// A username near the 30-character limit, so long names are what the layout is checked with.
const member = newMember("screenslongername");
const friend = newMember("friend");
// Asks to follow the member once the member has gone private, for the follow requests screen.
const requester = newMember("requester");
let memberToken = "";
let postPath = "";
let chatPath = "";

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

function fixture(name: string, type: string) {
  return new Blob([readFileSync(join(import.meta.dirname, "..", "fixtures", name))], { type });
}

async function upload(kind: "image" | "video", file: Blob, name: string, token: string): Promise<string> {
  const form = new FormData();
  form.append("file", file, name);
  form.append("upload_preset", "flik");
  const { secure_url } = await api(`/media/${kind}/upload`, { token, form });
  return secure_url;
}

async function signUpAndIn(person: typeof member) {
  await api("/auth/signup", { body: person });
  return api("/auth/signin", { body: { identifier: person.username, password: person.password } });
}

/**
 * A member who follows a friend, with posts (real uploaded photos), a flick, likes, comments, a chat
 * and notifications to show.
 */
beforeAll(async () => {
  const me = await signUpAndIn(member);
  const them = await signUpAndIn(friend);
  memberToken = me.token;
  const image = await upload("image", fixture("sunset.jpg", "image/jpeg"), "sunset.jpg", them.token);
  const video = await upload("video", fixture("flick.mp4", "video/mp4"), "flick.mp4", them.token);
  await api(`/follow/${them.user.id}`, { token: me.token, body: {} });
  const { post: older } = await api("/posts", {
    token: them.token,
    // A tag has no spaces to wrap at: the longest there is checks that it wraps rather than widens the card.
    body: {
      image,
      caption: "Golden hour at the pier",
      location: "Brighton",
      tags: `#sunset #sea #${"goldenhourfromthepier".repeat(3).slice(0, TAG_MAX_LENGTH)}`,
    },
  });
  // The member's own upload: a file is its uploader's alone to share.
  const own = await upload("image", fixture("sunset.jpg", "image/jpeg"), "sunset.jpg", me.token);
  const { post } = await api("/posts", {
    token: me.token,
    body: {
      image: own,
      caption: "Same sunset, my angle",
      location: "Brighton Pier",
      tags: `#${"samesunsetmyangle".repeat(3).slice(0, TAG_MAX_LENGTH)}`,
    },
  });
  await api(`/posts/${older._id}/like`, { token: me.token, body: {} });
  await api(`/posts/${older._id}/comment`, { token: me.token, body: { text: "Stunning colours!" } });
  await api(`/posts/${post._id}/like`, { token: them.token, body: {} });
  await api(`/posts/${post._id}/comment`, {
    token: them.token,
    body: { text: "We were there at the same time!" },
  });
  await api("/highlights", { token: them.token, body: { name: "Sunsets", type: "image", src: image } });
  await api("/highlights", { token: me.token, body: { name: "Brighton", type: "image", src: own } });
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
  await api("/posts", { token: them.token, body: { image: video, caption: "Waves at dusk", isReel: true } });
  await api(`/follow/${me.user.id}`, { token: them.token, body: {} });
  const { chat } = await api("/chats", { token: them.token, body: { userId: me.user.id } });
  await api(`/chats/${chat._id}/messages`, { token: them.token, body: { text: "Did you see the sunset?" } });
  await api(`/chats/${chat._id}/messages`, { token: me.token, body: { text: "I took the same photo!" } });
  // Private last (the friend already follows): a follow request waits on /notifications.
  const privacy = await fetch(`${inject("baseUrl")}/api/user/privacy`, {
    method: "PUT",
    headers: { authorization: `Bearer ${me.token}`, "content-type": "application/json" },
    body: JSON.stringify({ isPrivate: true }),
  });
  if (!privacy.ok) throw new Error(`privacy: ${await privacy.text()}`);
  const asker = await signUpAndIn(requester);
  await api(`/follow/${me.user.id}`, { token: asker.token, body: {} });
  postPath = `/post/${member.username}/${post._id}`;
  chatPath = `/chat?c=${chat._id}`;
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

/** Every main screen (issue 14): signed out, then signed in; `heading` is what shows it has loaded. */
const screens = [
  { name: "sign-up", path: () => "/", heading: "Create your account", signedIn: false },
  { name: "sign-in", path: () => "/login", heading: "Welcome back", signedIn: false },
  { name: "not-found", path: () => "/no/such/page", heading: "Page not found", signedIn: false },
  { name: "profile", path: () => "/profile", heading: `@${member.username}`, signedIn: true },
  { name: "forgot", path: () => "/forgot", heading: "Forgot your password?", signedIn: false },
  {
    name: "forgot-code",
    path: () => "/forgot",
    heading: "Forgot your password?",
    signedIn: false,
    open: async (page: Page) => {
      await page.getByLabel("Email").fill(member.email);
      await page.getByRole("button", { name: "Send code" }).click();
      await dismissToast(page, "a 6-digit code is on its way");
    },
    shows: (page: Page) => page.getByRole("heading", { name: "Check your email" }),
  },
  { name: "settings", path: () => "/settings", heading: "Settings", signedIn: true },
  ...settingsPanels(),
  { name: "feed", path: () => "/post", heading: `Post by @${friend.username}`, signedIn: true },
  { name: "new-post", path: () => "/post/new", heading: "New post", signedIn: true },
  { name: "post", path: () => postPath, heading: `Post by @${member.username}`, signedIn: true },
  { name: "flicks", path: () => "/flicks", heading: `Flick by @${friend.username}`, signedIn: true },
  { name: "chat-list", path: () => "/chat", heading: "Chats", signedIn: true },
  { name: "chat", path: () => chatPath, heading: "I took the same photo!", signedIn: true },
  { name: "notifications", path: () => "/notifications", heading: "Notifications", signedIn: true },
  {
    name: "follow-requests",
    path: () => "/notifications/requests",
    heading: requester.username,
    signedIn: true,
  },
  {
    name: "member-profile",
    path: () => `/profile/${friend.username}`,
    heading: `@${friend.username}`,
    signedIn: true,
  },
  { name: "edit-profile", path: () => "/edit-profile", heading: "Edit profile", signedIn: true },
  {
    name: "not-found-signed-in",
    path: () => "/no/such/page",
    heading: "Page not found",
    signedIn: true,
  },
  {
    name: "post-modal",
    path: () => `/profile/${friend.username}`,
    heading: `@${friend.username}`,
    signedIn: true,
    open: (page: Page) => page.getByRole("button", { name: /Golden hour at the pier/ }).click(),
  },
  {
    name: "avatar-crop",
    path: () => "/profile",
    heading: `@${member.username}`,
    signedIn: true,
    open: (page: Page) =>
      page
        .getByLabel("Profile photo", { exact: true })
        .setInputFiles(join(import.meta.dirname, "..", "fixtures", "sunset.jpg")),
  },
  {
    name: "highlight-form",
    path: () => "/profile",
    heading: `@${member.username}`,
    signedIn: true,
    open: (page: Page) => page.getByRole("button", { name: "Add highlight" }).click(),
  },
] as const;

/** Each of the settings' edit panels, opened from its row (issue 15). */
function settingsPanels() {
  const panel = (name: string, row: string, open?: (page: Page) => Promise<void>) => ({
    name: `settings-${name}`,
    path: () => "/settings",
    heading: "Settings",
    signedIn: true,
    open: async (page: Page) => {
      await page.getByRole("button", { name: row, exact: true }).first().click();
      await open?.(page);
    },
  });
  return [
    panel("email", "Email"),
    {
      ...panel("email-code", "Email", async (page) => {
        const dialog = page.getByRole("dialog", { name: "Email" });
        await dialog.getByLabel("New email").fill(`new-${member.email}`);
        await dialog.getByRole("button", { name: "Send code" }).click();
        await dismissToast(page, "OTP sent to your new email!");
      }),
      shows: (page: Page) => page.getByRole("dialog").getByLabel("Digit 1 of 6"),
    },
    panel("phone", "Phone"),
    panel("profile", "Profile info"),
    panel("password", "Change password"),
    panel("privacy", "Profile visibility"),
    panel("blocked", "Blocked accounts"),
    panel("delete", "Delete account"),
    {
      ...panel("sessions", "Active sessions"),
      shows: (page: Page) => page.getByRole("dialog").getByRole("list", { name: "Sessions" }),
    },
  ];
}

/** What shows that a screen has loaded: a post or flick by its article, a message by its text, else a heading. */
function loaded(page: Page, screen: (typeof screens)[number]) {
  if (screen.name === "feed" || screen.name === "flicks")
    return page.getByRole("article", { name: screen.heading }).first();
  if (screen.name === "chat") return page.getByRole("log", { name: "Messages" }).getByText(screen.heading);
  if (screen.name === "follow-requests")
    return page.getByRole("list", { name: "Follow requests" }).getByText(screen.heading, { exact: true });
  return page.getByRole("heading", { name: screen.heading }).first();
}

describe.each(Object.entries(viewports))("on a %s", (viewportName, viewport) => {
  it.each(screens)(
    "$name shows its content without sideways scrolling or serious axe findings",
    async (screen) => {
      const { page, context } = await openContext(browser, viewport);
      await page.goto("/login");
      if (screen.signedIn) await signIn(page);
      await page.goto(screen.path());
      await loaded(page, screen).waitFor();
      if ("open" in screen && screen.open) {
        await screen.open(page);
        await ("shows" in screen && screen.shows ? screen.shows(page) : page.getByRole("dialog")).waitFor();
      }
      await page.evaluate(() => document.fonts.ready);
      await page.waitForFunction(() =>
        [...document.images].every((image) => image.complete || image.loading === "lazy"),
      );
      // A side panel slides in from beyond the right edge: it is measured where it comes to rest.
      await animationsSettled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll("body *")]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((element) => `${element.tagName}.${String(element.className).slice(0, 80)}`)
          .slice(0, 5),
      );
      expect({ overflow: Math.max(overflow, 0), wide }).toEqual({ overflow: 0, wide: [] });
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(artifacts, `${screen.name}-${viewportName}.png`), fullPage: true });
      await context.close();
    },
  );
});
