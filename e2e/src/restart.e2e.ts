import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { launchBrowser, type Member, signedInMember, viewports } from "./browser.js";
import { type FlikProcess, freePort, startFlikProcess } from "./flik-process.js";

// A server of its own, to restart: the shared one serves the other journeys throughout.
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), "flik-e2e-restart-"));
let server: FlikProcess = await startFlikProcess(port, dataDir);
afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
const browser = await launchBrowser();

async function openPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: viewports.desktop });
  return context.newPage();
}

async function api(member: Member, path: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const log = (page: Page) => page.getByRole("log", { name: "Messages" });
/** However long the new server and the socket's backoff take: the test's own timeout is the limit. */
const untilShown = { timeout: 0 };

describe("a restart of the server", () => {
  it("keeps an open chat live: a message sent after the restart arrives without a reload", async () => {
    const page = await openPage();
    const alice = await signedInMember(page, "alice");
    const bobsPage = await openPage();
    const bob = await signedInMember(bobsPage, "bob");
    await bobsPage.context().close();

    const { chat } = await api(alice, "/chats", { userId: bob.id });
    await page.goto(`/chat?c=${chat._id}`);
    await page.getByRole("heading", { name: bob.username }).waitFor();
    await api(bob, `/chats/${chat._id}/messages`, { text: "Before the restart" });
    await log(page).getByText("Before the restart").waitFor();
    // Gone after a reload: its presence at the end shows the page was never loaded again.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await server.stop();
    server = await startFlikProcess(port, dataDir);

    // Whether it comes live or with the catch-up after reconnecting, it needs the socket back.
    await api(bob, `/chats/${chat._id}/messages`, { text: "After the restart" });
    await log(page).getByText("After the restart").waitFor(untilShown);
    // By now the socket is connected again: this one comes live.
    await api(bob, `/chats/${chat._id}/messages`, { text: "And live as before" });
    await log(page).getByText("And live as before").waitFor(untilShown);

    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/chat");
  }, 180_000);
});
