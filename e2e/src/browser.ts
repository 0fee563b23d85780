import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, inject } from "vitest";

/** Debian's Chromium; Playwright never downloads a browser here (see README). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  afterAll(() => browser.close());
  return browser;
}

/** A fresh browser profile (its own local storage) on the app under test. */
export async function openContext(
  browser: Browser,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: inject("baseUrl"), viewport });
  const page = await context.newPage();
  return { context, page };
}

let counter = 0;
/** A new member's sign-up details, unique in this run. */
export function newMember(prefix = "member") {
  const id = `${prefix}${Date.now().toString(36)}${counter++}`;
  return {
    fullName: `Test ${prefix}`,
    username: id,
    email: `${id}@example.com`,
    password: "correct-horse-42",
  };
}

export type Member = ReturnType<typeof newMember> & { id: string; token: string };

/**
 * Signs a new member up and in through the API and stores the session as the app does, so a journey
 * can start signed in. (Signing in through the form has journeys of its own in auth.e2e.ts.)
 */
export async function signedInMember(page: Page, prefix: string): Promise<Member> {
  const member = newMember(prefix);
  const signup = await page.request.post("/api/auth/signup", { data: member });
  if (!signup.ok()) throw new Error(`sign-up failed: ${await signup.text()}`);
  const signin = await page.request.post("/api/auth/signin", {
    data: { identifier: member.username, password: member.password },
  });
  const { token, user } = await signin.json();
  await signInAs(page, { token, id: user.id, username: user.username });
  return { ...member, id: user.id, token };
}

/**
 * The address of a photo (the sunset fixture) the member uploaded, as the composer does: what a post
 * made through the API names (this host's addresses must name an upload of the member's).
 */
export async function uploadedPhoto(page: Page, member: Pick<Member, "token">): Promise<string> {
  const response = await page.request.post("/api/media/image/upload", {
    headers: { authorization: `Bearer ${member.token}` },
    multipart: {
      file: {
        name: "sunset.jpg",
        mimeType: "image/jpeg",
        buffer: readFileSync(join(import.meta.dirname, "..", "fixtures", "sunset.jpg")),
      },
      upload_preset: "flik",
    },
  });
  if (!response.ok()) throw new Error(`upload: ${response.status()} ${await response.text()}`);
  return (await response.json()).secure_url;
}

/** Stores an existing member's session in this page's browser profile, as the app does on sign-in. */
export async function signInAs(page: Page, member: Pick<Member, "token" | "id" | "username">) {
  await page.goto("/login");
  await page.evaluate(
    ({ token, id, username }) => {
      localStorage.setItem("token", token);
      localStorage.setItem("userId", id);
      localStorage.setItem("username", username);
    },
    { token: member.token, id: member.id, username: member.username },
  );
}

/** Waits until the video plays past its first second, with a picture (it need not have all arrived). */
export async function whenPlayingPastOneSecond(page: Page, video: Locator) {
  await page.waitForFunction(
    (element) => {
      const playing = element as HTMLVideoElement;
      return !playing.paused && playing.currentTime > 1 && playing.videoWidth > 0;
    },
    await video.elementHandle(),
    { timeout: 60_000 },
  );
}

/**
 * Opens `path` and waits until the server has the page watching `postId`: the answer to the page's
 * joinPostRoom for it (socket.io's `43<n>[…]` to its `42<n>["joinPostRoom",…]`). From then on a change of
 * the post (its deletion, its author's privacy) reaches the page, whatever the machine's speed.
 */
export async function openWatching(page: Page, path: string, postId: string) {
  const watching = page.waitForEvent("websocket").then(
    (socket) =>
      new Promise<void>((resolve) => {
        let asked: string | undefined;
        socket.on("framesent", ({ payload }) => {
          const join = /^42(\d+)\["joinPostRoom",/.exec(String(payload));
          if (join && String(payload).includes(postId)) asked = join[1];
        });
        socket.on("framereceived", ({ payload }) => {
          if (asked !== undefined && String(payload).startsWith(`43${asked}[`)) resolve();
        });
      }),
  );
  await page.goto(path);
  await watching;
}
