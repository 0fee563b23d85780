import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import {
  launchBrowser,
  type Member,
  newMember,
  openContext,
  signedInMember,
  signInAs,
  viewports,
} from "./browser.js";

/** Screenshots and the delivery measurement land here for people to look at; the folder is not committed. */
const artifacts = join(import.meta.dirname, "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

const browser = await launchBrowser();
const DELIVERY_SAMPLES = 10;

async function api(member: Member, path: string, body?: unknown) {
  const response = await fetch(`${inject("baseUrl")}/api${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${member.token}`,
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A new member signed up and in through the API alone, with no browser of their own. */
async function apiMember(prefix: string): Promise<Member> {
  const member = newMember(prefix);
  const post = (path: string, body: unknown) =>
    fetch(`${inject("baseUrl")}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const signup = await post("/auth/signup", member);
  if (!signup.ok) throw new Error(`sign-up: ${signup.status} ${await signup.text()}`);
  const { token, user } = await (
    await post("/auth/signin", { identifier: member.username, password: member.password })
  ).json();
  return { ...member, id: user.id, token };
}

const composer = (page: Page) => page.getByRole("textbox", { name: "Message", exact: true });
const log = (page: Page) => page.getByRole("log", { name: "Messages" });
/** The header's chat badge, as the screen reader hears it ("3 unread"); absent at zero. */
const chatBadge = (page: Page) => page.locator("header").getByText(/^\d+ unread$/);

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
}

/**
 * Delivery time of one message: from A pressing Send to B's page showing it. Both timestamps come from
 * the same machine's clock inside the pages, so Playwright's own round trips are not counted.
 */
async function measureDelivery(from: Page, to: Page, text: string): Promise<number> {
  await to.evaluate((expected) => {
    const target = window as unknown as { arrival?: Promise<number> };
    target.arrival = new Promise((resolve) => {
      const seen = () => document.querySelector('[role="log"]')?.textContent?.includes(expected);
      const observer = new MutationObserver(() => {
        if (!seen()) return;
        observer.disconnect();
        resolve(Date.now());
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }, text);
  await composer(from).fill(text);
  const sentAt = await from.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>('button[aria-label="Send"]');
    const at = Date.now();
    button?.click();
    return at;
  });
  const arrivedAt = await to.evaluate(() => (window as unknown as { arrival: Promise<number> }).arrival);
  return arrivedAt - sentAt;
}

/**
 * Lena's group "Hikers …" with Max and Nora, who follow her (so it comes to their inboxes), opened on
 * its first message by Lena (`a`) and Max (`b`) in browsers of their own; Nora has none.
 */
async function groupOpenForTwo() {
  const a = await openContext(browser);
  const b = await openContext(browser);
  const lena = await signedInMember(a.page, "lena");
  const max = await signedInMember(b.page, "max");
  const nora = await apiMember("nora");
  await api(max, `/follow/${lena.id}`, {});
  await api(nora, `/follow/${lena.id}`, {});
  const name = `Hikers ${Date.now() % 100000}`;
  const { chat } = await api(lena, "/chats", { userIds: [max.id, nora.id], name });
  await api(lena, `/chats/${chat._id}/messages`, { text: "Trail on Saturday?" });
  for (const { page } of [a, b]) {
    await page.goto(`/chat?c=${chat._id}`);
    await log(page).getByText("Trail on Saturday?").waitFor();
  }
  return { a, b, lena, max, nora, chat, name };
}

describe("chat", () => {
  let screenshotsFrom: { alice: Member; bob: Member; carol: Member } | undefined;

  it("two members chat live: search, send, typing, badge, edit and delete", async () => {
    const a = await openContext(browser);
    const b = await openContext(browser);
    const alice = await signedInMember(a.page, "alice");
    const bob = await signedInMember(b.page, "bob");
    // Bob follows Alice, so her chat goes straight to his inbox (not his message requests).
    await api(bob, `/follow/${alice.id}`, {});

    // Bob is elsewhere in the app while Alice starts the chat.
    await b.page.goto("/post");
    await b.page.getByRole("link", { name: "Chat" }).waitFor();

    await a.page.goto("/chat");
    await a.page.getByRole("searchbox", { name: "Search people or chats" }).fill(bob.username);
    await a.page.getByRole("button", { name: new RegExp(bob.username) }).click();
    await a.page.waitForURL(/\/chat\?c=[0-9a-f-]{36}$/);
    await a.page.getByRole("heading", { name: bob.username }).waitFor();

    await send(a.page, "Hi Bob! Are you free on Saturday?");
    await log(a.page).getByText("Hi Bob! Are you free on Saturday?").waitFor();
    await expect.poll(() => log(a.page).getByText("Sending…").count()).toBe(0);

    // Bob's header badge counts the message while he is on another screen.
    await expect.poll(() => chatBadge(b.page).textContent()).toBe("1 unread");
    await send(a.page, "Thinking of the seaside");
    await expect.poll(() => chatBadge(b.page).textContent()).toBe("2 unread");

    // Bob opens the chat: the badge resets.
    await b.page.getByRole("link", { name: "Chat" }).click();
    const bobsRow = b.page.getByRole("link", { name: new RegExp(alice.username) });
    // The row's count as the screen reader hears it (the pill itself is aria-hidden).
    await bobsRow.getByText("2 unread").waitFor({ state: "attached" });
    await bobsRow.click();
    await log(b.page).getByText("Thinking of the seaside").waitFor();
    await expect.poll(() => chatBadge(b.page).count()).toBe(0);
    expect(await b.page.evaluate(() => localStorage.getItem("unreadCount"))).toBe("0");

    // A new message arrives live in Bob's open chat, and Alice sees that Bob has seen it.
    await send(a.page, "Bring sunscreen");
    await log(b.page).getByText("Bring sunscreen").waitFor();
    await log(a.page).getByText("Seen", { exact: true }).waitFor();
    // Alice may hear "Seen" before Bob's page has the server's count after his read (a count asked for
    // while the message was stored and not yet read can answer 1 in between): the badge settles at none.
    await expect.poll(() => chatBadge(b.page).count()).toBe(0);
    expect(await b.page.evaluate(() => localStorage.getItem("unreadCount"))).toBe("0");

    // Bob's typing shows on Alice's side and clears once he stops.
    await composer(b.page).pressSequentially("Sounds gr", { delay: 60 });
    const typing = a.page.getByText(`${bob.username} is typing…`);
    await typing.waitFor();
    await typing.waitFor({ state: "detached", timeout: 5000 });
    await composer(b.page).pressSequentially("eat!", { delay: 30 });
    await composer(b.page).press("Enter");
    await log(a.page).getByText("Sounds great!").waitFor();

    // Alice edits a message inline; Bob sees the new text and the edited mark.
    const message = log(a.page).getByText("Bring sunscreen");
    await message.hover();
    await log(a.page).getByRole("button", { name: "Edit message" }).last().click();
    const editor = log(a.page).getByRole("textbox", { name: "Edit message" });
    await editor.fill("Bring sunscreen and a hat");
    await editor.press("Enter");
    await log(b.page).getByText("Bring sunscreen and a hat").waitFor();
    await log(b.page).getByText("edited").waitFor();

    // Alice deletes a message after confirming; it goes from Bob's chat too.
    await log(a.page).getByText("Thinking of the seaside").hover();
    const ownActions = log(a.page).getByRole("button", { name: "Delete message" });
    await ownActions.nth(1).click();
    await a.page
      .getByRole("dialog", { name: "Delete message?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await log(b.page).getByText("Thinking of the seaside").waitFor({ state: "detached" });
    await log(a.page).getByText("Thinking of the seaside").waitFor({ state: "detached" });

    // Delivery time, Alice's Send to Bob's screen, over several messages.
    const samples: number[] = [];
    for (let i = 1; i <= DELIVERY_SAMPLES; i++) {
      samples.push(await measureDelivery(a.page, b.page, `Delivery check ${i} · ${Date.now()}`));
    }
    const average = samples.reduce((sum, ms) => sum + ms, 0) / samples.length;
    const result = {
      samples,
      averageMs: Math.round(average * 10) / 10,
      minMs: Math.min(...samples),
      maxMs: Math.max(...samples),
      measuredAt: new Date().toISOString(),
    };
    console.log(
      `chat delivery A → B over ${samples.length} messages: average ${result.averageMs} ms`,
      samples,
    );
    writeFileSync(join(artifacts, "chat-delivery.json"), `${JSON.stringify(result, null, 2)}\n`);
    expect(samples).toHaveLength(DELIVERY_SAMPLES);

    const carol = await signedInMember(a.page, "carol");
    screenshotsFrom = { alice, bob, carol };
    await a.context.close();
    await b.context.close();
  });

  it("a chat opened without a word reaches the other member only with its first message, live", async () => {
    const a = await openContext(browser);
    const b = await openContext(browser);
    const ida = await signedInMember(a.page, "ida");
    const jo = await signedInMember(b.page, "jo");
    // Jo follows Ida: her chat comes to his inbox.
    await api(jo, `/follow/${ida.id}`, {});
    await b.page.goto("/chat");
    const noChats = b.page.getByRole("heading", { name: "No chats yet" });
    await noChats.waitFor();

    // Ida opens a chat with Jo from the search, and it is hers at once.
    await a.page.goto("/chat");
    await a.page.getByRole("searchbox", { name: "Search people or chats" }).fill(jo.username);
    await a.page.getByRole("button", { name: new RegExp(jo.username) }).click();
    await a.page.waitForURL(/\/chat\?c=[0-9a-f-]{36}$/);
    await a.page.getByRole("heading", { name: jo.username }).waitFor();

    // Nothing has been said: Jo has no chat, even when he asks the server again.
    expect((await api(jo, "/chats")).chats).toEqual([]);
    await b.page.reload();
    await noChats.waitFor();
    expect(await chatBadge(b.page).count()).toBe(0);

    // Her first message brings it to Jo's open list, live, with its unread count.
    await send(a.page, "Hi Jo, coffee later?");
    await log(a.page).getByText("Hi Jo, coffee later?").waitFor();
    const idasRow = b.page.getByRole("link", { name: new RegExp(`^${ida.username}`) });
    await idasRow.getByText("1 unread").waitFor({ state: "attached" });
    await idasRow.click();
    await log(b.page).getByText("Hi Jo, coffee later?").waitFor();
    await send(b.page, "Sure!");
    await log(a.page).getByText("Sure!").waitFor();

    // A stranger's first message comes to his Requests, live, and stays out of his badge.
    const stranger = await apiMember("kim");
    const { chat } = await api(stranger, "/chats", { userId: jo.id });
    expect((await api(jo, "/chats")).chats).toHaveLength(1);
    await api(stranger, `/chats/${chat._id}/messages`, { text: "Hello from a stranger" });
    await b.page.getByRole("tab", { name: "Requests (1 waiting)" }).waitFor();
    await expect.poll(() => chatBadge(b.page).count()).toBe(0);
    await a.context.close();
    await b.context.close();
  });

  it("a member leaves a group from its ⋯ menu: it closes for them, the others see one member fewer", async () => {
    const { a, b, max, name } = await groupOpenForTwo();
    const membersOf = (page: Page) => page.getByText(/^\d+ members · /);
    await membersOf(a.page)
      .getByText(/^3 members/)
      .waitFor();

    // Max leaves through the header's options and a confirmation.
    await b.page.getByRole("button", { name: "Chat options" }).click();
    await b.page.getByRole("menuitem", { name: "Leave group" }).click();
    const confirm = b.page.getByRole("dialog", { name: `Leave ${name}?` });
    await confirm.getByText("You won't get messages from this group anymore.").waitFor();
    await confirm.getByRole("button", { name: "Leave" }).click();
    await b.page.waitForURL((url) => url.search === "");
    await b.page.getByRole("link", { name: new RegExp(name) }).waitFor({ state: "detached" });

    // Lena's open group counts one member fewer, live, and what she says next never reaches Max.
    await expect.poll(() => membersOf(a.page).textContent()).toMatch(/^2 members/);
    await send(a.page, "Just us then");
    await log(a.page).getByText("Just us then").waitFor();
    await b.page.reload();
    await b.page.getByRole("heading", { name: "No chats yet" }).waitFor();
    expect((await api(max, "/chats")).chats).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it("a member renames a group from its options: the new name shows at once for them and live for the others", async () => {
    const { a, b, nora, chat, name } = await groupOpenForTwo();

    // Max renames it from the header's options, by the keyboard's Enter.
    await b.page.getByRole("button", { name: "Chat options" }).click();
    await b.page.getByRole("menuitem", { name: "Rename group" }).click();
    const dialog = b.page.getByRole("dialog", { name: "Rename group" });
    const field = dialog.getByLabel("Group name");
    expect(await field.inputValue()).toBe(name);
    await field.fill("   ");
    await field.press("Enter");
    await dialog.getByText("Group name is required").waitFor();
    const renamed = `Summit crew ${Date.now() % 100000}`;
    await field.fill(renamed);
    await field.press("Enter");
    await dialog.waitFor({ state: "detached" });

    // Renamed at once in Max's header and list, live in Lena's, and for Nora as the server keeps it.
    for (const { page } of [b, a]) {
      await page.getByRole("heading", { name: renamed }).waitFor();
      await page.getByRole("link", { name: new RegExp(renamed) }).waitFor();
    }
    const noras = (await api(nora, "/chats")).chats as { _id: string; name: string }[];
    expect(noras.find((listed) => listed._id === chat._id)?.name).toBe(renamed);
    await a.context.close();
    await b.context.close();
  });

  it("deletes a chat only through its ⋯ menu and a confirmation, and an opened chat is ready to type in", async () => {
    const dora = await apiMember("dora");
    const eve = await apiMember("eve");
    const finn = await apiMember("finn");
    const chatIds: string[] = [];
    for (const friend of [eve, finn]) {
      const { chat } = await api(dora, "/chats", { userId: friend.id });
      await api(friend, `/chats/${chat._id}/messages`, { text: `Hello from ${friend.username}` });
      chatIds.push(chat._id);
    }
    // Dora's own bubbles fill the log up to its header, where the ⋯ menu opens over them.
    for (let note = 1; note <= 30; note++)
      await api(dora, `/chats/${chatIds[1]}/messages`, { text: `Note ${note} for finn` });
    const { page, context } = await openContext(browser);
    await signInAs(page, dora);
    await page.goto("/chat");
    const rowOf = (member: Member) =>
      page
        .getByRole("tabpanel")
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: new RegExp(`^${member.username}`) }) });
    await rowOf(eve).waitFor();
    // No delete button sits on the rows; the ⋯ menu holds it.
    expect(await page.getByRole("button", { name: "Delete chat" }).count()).toBe(0);

    await rowOf(eve).hover();
    await rowOf(eve).getByRole("button", { name: "More options" }).click();
    await page.getByRole("menuitem", { name: "Delete chat" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete chat?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await rowOf(eve).waitFor();

    await rowOf(eve).hover();
    await rowOf(eve).getByRole("button", { name: "More options" }).click();
    await page.getByRole("menuitem", { name: "Delete chat" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await rowOf(eve).waitFor({ state: "detached" });
    await page.reload();
    await rowOf(finn).waitFor();
    expect(await rowOf(eve).count()).toBe(0);

    // Opening a chat puts the focus in its message box; its header offers Delete chat too.
    await page.getByRole("link", { name: new RegExp(`^${finn.username}`) }).click();
    await log(page).getByText("Note 30 for finn").waitFor();
    await expect.poll(() => composer(page).evaluate((box) => box === document.activeElement)).toBe(true);
    await page.getByRole("button", { name: "Chat options" }).click();
    // The menu is drawn over the messages, not under them: its items take the pointer.
    const deleteItem = page.getByRole("menuitem", { name: "Delete chat" });
    const onTop = await deleteItem.evaluate((item) => {
      const box = item.getBoundingClientRect();
      return item.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    expect(onTop).toBe(true);
    await deleteItem.click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL((url) => url.search === "");
    await page.getByRole("heading", { name: "No chats yet" }).waitFor();
    await context.close();
  });

  it("a stranger's chat waits in Requests: read without telling, then accepted, or refused by the setting", async () => {
    const stranger = await apiMember("stan");
    const { page, context } = await openContext(browser);
    const rita = await signedInMember(page, "rita");
    const { chat } = await api(stranger, "/chats", { userId: rita.id });
    await api(stranger, `/chats/${chat._id}/messages`, { text: "Hi! Loved your sunset photo" });

    // Not in Rita's inbox nor her badge; in Requests, with its count.
    await page.goto("/chat");
    const requestsTab = page.getByRole("tab", { name: "Requests (1 waiting)" });
    await requestsTab.waitFor();
    expect(await chatBadge(page).count()).toBe(0);
    await page.getByRole("heading", { name: "No chats yet" }).waitFor();
    await requestsTab.click();
    await page.getByRole("link", { name: new RegExp(stranger.username) }).click();
    await log(page).getByText("Hi! Loved your sunset photo").waitFor();
    const bar = page.getByRole("region", { name: "Message request" });
    await bar.getByText(`${stranger.username} wants to send you a message`).waitFor();
    expect(await composer(page).count()).toBe(0);
    await page.screenshot({ path: join(artifacts, "chat-request-desktop.png") });

    // Reading it told the stranger nothing.
    const before = await api(stranger, `/chats/${chat._id}/messages`);
    expect(before.messages[0].readBy).toEqual([stranger.id]);

    // Accepting opens the send box; now the stranger sees it was read.
    await bar.getByRole("button", { name: "Accept" }).click();
    await composer(page).waitFor();
    await expect
      .poll(async () => (await api(stranger, `/chats/${chat._id}/messages`)).messages[0].readBy)
      .toContain(rita.id);
    await send(page, "Thank you!");
    await log(page).getByText("Thank you!").waitFor();

    // Only people Rita follows may message her from now on.
    await page.goto("/settings");
    await page.getByRole("button", { name: "Profile visibility" }).click();
    const panel = page.getByRole("dialog", { name: "Profile visibility" });
    await panel.getByRole("radio", { name: /^People you follow/ }).check();
    await panel.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Privacy settings updated!").waitFor();
    const other = await apiMember("otto");
    const refused = await fetch(`${inject("baseUrl")}/api/chats`, {
      method: "POST",
      headers: { authorization: `Bearer ${other.token}`, "content-type": "application/json" },
      body: JSON.stringify({ userId: rita.id }),
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("This account only accepts messages from people it follows");
    await context.close();
  });

  it("scrolls a long conversation inside its log: the page itself never scrolls, on a phone or a desktop", async () => {
    const ines = await apiMember("ines");
    const otto = await apiMember("otto");
    await api(otto, `/follow/${ines.id}`, {});
    const { chat } = await api(ines, "/chats", { userId: otto.id });
    // Her bubbles carry a name for screen readers ("ines…: "), laid out out of sight in the log.
    for (let line = 1; line <= 40; line++)
      await api(ines, `/chats/${chat._id}/messages`, { text: `Line ${line} of the long story` });
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const { page, context } = await openContext(browser, viewport);
      await signInAs(page, otto);
      await page.goto(`/chat?c=${chat._id}`);
      await log(page).getByText("Line 40 of the long story").waitFor();
      const pageOverflow = await page.evaluate(
        () => document.documentElement.scrollHeight - window.innerHeight,
      );
      expect(pageOverflow).toBeLessThanOrEqual(0);
      // The message box grows with its lines; the newest message stays in sight above it.
      await composer(page).click();
      for (let line = 1; line <= 6; line++)
        await page.keyboard.type(`Draft line ${line}`).then(() => page.keyboard.press("Shift+Enter"));
      const newestInSight = async () => {
        const newest = await log(page).getByText("Line 40 of the long story").boundingBox();
        const box = await log(page).boundingBox();
        return !!newest && !!box && newest.y + newest.height <= box.y + box.height + 1;
      };
      await expect.poll(newestInSight).toBe(true);
      await context.close();
    }
  });

  it("offers each row's ⋯ menu on a touch phone without hovering", async () => {
    const gus = await apiMember("gus");
    const hana = await apiMember("hana");
    await api(gus, "/chats", { userId: hana.id });
    const context = await browser.newContext({
      baseURL: inject("baseUrl"),
      viewport: viewports.phone,
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await signInAs(page, gus);
    await page.goto("/chat");
    const row = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: new RegExp(`^${hana.username}`) }) });
    const more = row.getByRole("button", { name: "More options" });
    await more.waitFor();
    expect(await more.evaluate((button) => getComputedStyle(button.parentElement as Element).opacity)).toBe(
      "1",
    );
    await more.tap();
    await page.getByRole("menuitem", { name: "Delete chat" }).tap();
    await page.getByRole("dialog", { name: "Delete chat?" }).getByRole("button", { name: "Delete" }).tap();
    await row.waitFor({ state: "detached" });
    await context.close();
  });

  it("a conversation never opened says at once, offline, that its messages couldn't load, and shows them once back", async () => {
    const a = await openContext(browser, viewports.desktop);
    const uma = await signedInMember(a.page, "uma");
    const [vic, wes] = [await apiMember("vic"), await apiMember("wes")];
    for (const friend of [vic, wes]) {
      await api(uma, `/follow/${friend.id}`, {});
      const { chat } = await api(friend, "/chats", { userId: uma.id });
      await api(friend, `/chats/${chat._id}/messages`, { text: `Hello from ${friend.username}` });
    }
    await a.page.goto("/chat");
    await a.page.getByRole("link", { name: new RegExp(vic.username) }).click();
    await log(a.page).getByText(`Hello from ${vic.username}`).waitFor();

    await a.context.setOffline(true);
    await a.page.getByRole("link", { name: new RegExp(wes.username) }).click();
    // Not a skeleton held, saying nothing, until the connection comes back; the chats read stay.
    await a.page.getByText("Couldn't load messages.").waitFor();
    expect(await a.page.getByRole("link", { name: new RegExp(vic.username) }).isVisible()).toBe(true);

    await a.context.setOffline(false);
    await log(a.page).getByText(`Hello from ${wes.username}`).waitFor();
    expect(await a.page.getByText("Couldn't load messages.").count()).toBe(0);
    await a.context.close();
  });

  it("fits a 320 px phone: Requests' count in its tab, a long name over its messages, Hebrew read right to left", async () => {
    const a = await openContext(browser, { width: 320, height: 640 });
    const zed = await signedInMember(a.page, "zed");
    // The longest names there are: 30 letters, wide ones.
    const [wide, yan, kay] = [
      await apiMember("w".repeat(20)),
      await apiMember("yan"),
      await apiMember("kay"),
    ];
    await api(zed, `/follow/${wide.id}`, {});
    const name = `Shalom ${Date.now() % 100000}`;
    const { chat: group } = await api(wide, "/chats", { userIds: [zed.id, yan.id], name });
    await api(wide, `/chats/${group._id}/messages`, { text: "שלום עולם!" });
    const { chat: request } = await api(kay, "/chats", { userId: zed.id });
    await api(kay, `/chats/${request._id}/messages`, { text: "Hi there" });

    await a.page.goto("/chat");
    const tabs = a.page.getByRole("tablist", { name: "Chat filters" });
    await tabs.getByRole("tab", { name: "Requests (1 waiting)" }).waitFor();
    // Every tab, and what it holds, inside the track: nothing runs past it or is cut.
    const spill = await tabs.evaluate((track) => {
      const edge = track.getBoundingClientRect().right;
      return Math.max(
        ...[...track.querySelectorAll("[role=tab], [role=tab] *")].map((element) =>
          Math.max(element.getBoundingClientRect().right - edge, element.scrollWidth - element.clientWidth),
        ),
      );
    });
    expect(spill).toBeLessThanOrEqual(0);

    await a.page.getByRole("link", { name: new RegExp(name) }).click();
    const hebrew = log(a.page).getByText("שלום עולם!");
    await hebrew.waitFor();
    expect(await log(a.page).evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    const sender = log(a.page).getByText(wide.username, { exact: true });
    const box = await sender.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(320);
    expect(await hebrew.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
    await a.page.screenshot({ path: join(artifacts, "chat-group-320.png") });
    await a.context.close();
  });

  it("takes screenshots of the chat on a phone, a tablet and a desktop", async () => {
    if (!screenshotsFrom) throw new Error("the live chat journey did not finish");
    const { alice, bob, carol } = screenshotsFrom;
    const { chat: group } = await api(alice, "/chats", {
      userIds: [bob.id, carol.id],
      name: "Weekend plans",
    });
    await api(carol, `/chats/${group._id}/messages`, { text: "Count me in for Saturday 🌊" });
    await api(bob, `/chats/${group._id}/messages`, { text: "I'll bring the snacks" });
    const { chat: direct } = await api(carol, "/chats", { userId: alice.id });
    await api(carol, `/chats/${direct._id}/messages`, { text: "Did you see the sunset photos?" });

    for (const [name, viewport] of Object.entries({ ...viewports, tablet: { width: 820, height: 1180 } })) {
      const { page, context } = await openContext(browser, viewport);
      await signInAs(page, alice);
      await page.goto("/chat");
      await page.getByRole("link", { name: /Weekend plans/ }).waitFor();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: join(artifacts, `chat-list-${name}.png`) });
      if (name !== "tablet") {
        await page.getByRole("button", { name: "New group" }).click();
        const dialog = page.getByRole("dialog", { name: "New group" });
        await dialog.getByLabel("Group name").fill("Book club");
        await dialog.getByRole("searchbox", { name: "Add members" }).fill(carol.username.slice(0, 5));
        await dialog.getByRole("button", { name: new RegExp(carol.username) }).click();
        await page.waitForTimeout(300); // the dialog's entrance animation, for the screenshot only
        await page.screenshot({ path: join(artifacts, `chat-new-group-${name}.png`) });
        await dialog.getByRole("button", { name: "Cancel" }).click();
      }
      await page.getByRole("link", { name: new RegExp(`^${bob.username}`) }).click();
      await log(page).getByText("Sounds great!").waitFor();
      await page.waitForTimeout(200);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(Math.max(overflow, 0)).toBe(0);
      await page.screenshot({ path: join(artifacts, `chat-conversation-${name}.png`) });
      const header = page.getByRole("banner");
      const tabs = page.getByRole("navigation", { name: "Main" });
      if (name === "phone") {
        // As Instagram's: the open conversation takes the whole window, its composer at the bottom.
        expect(await header.isVisible()).toBe(false);
        expect(await tabs.isVisible()).toBe(false);
        const composerBottom = await composer(page).evaluate(
          (box) => (box.closest("form") as HTMLElement).getBoundingClientRect().bottom,
        );
        expect(composerBottom).toBe(viewport.height);
        await page.getByRole("button", { name: "Back to chats" }).click();
        await page.getByRole("link", { name: /Weekend plans/ }).waitFor();
        expect(new URL(page.url()).search).toBe("");
      }
      expect(await header.isVisible()).toBe(true);
      expect(await tabs.isVisible()).toBe(true);
      await context.close();
    }
  });
});
