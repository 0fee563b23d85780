import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  launchBrowser,
  type Member,
  openContext,
  openWatching,
  signedInMember,
  uploadedPhoto,
  viewports,
} from "./browser.js";

const artifacts = join(import.meta.dirname, "..", "artifacts");

const browser = await launchBrowser();

/** A call with the member's token, for what a journey needs in place before its screens. */
async function api(page: Page, member: Member, method: "GET" | "POST" | "PUT", path: string, data?: unknown) {
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${member.token}` },
    ...(data !== undefined && { data }),
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** A member whose profile is private, with one post only followers may see. */
async function privateMemberWithPost(page: Page, prefix: string, caption: string): Promise<Member> {
  const member = await signedInMember(page, prefix);
  await api(page, member, "PUT", "/user/privacy", { isPrivate: true });
  await api(page, member, "POST", "/posts", { image: await uploadedPhoto(page, member), caption });
  return member;
}

const followButton = (page: Page, label: "Follow" | "Requested" | "Following") =>
  page.getByRole("button", { name: label, exact: true });
const lock = (page: Page) => page.getByRole("heading", { name: "This account is private" });
const requestsRow = (page: Page) => page.getByRole("link", { name: /^Follow requests/ });

describe("private profiles and follow requests", () => {
  it("a stranger asks to follow, the owner confirms live, and the posts open to the stranger", async () => {
    const owner = await openContext(browser);
    const stranger = await openContext(browser);
    const alice = await privateMemberWithPost(owner.page, "alice", "Only for my followers");
    const bob = await signedInMember(stranger.page, "bob");

    // The owner waits on the notifications screen: the request must arrive without a reload.
    await owner.page.goto("/notifications");
    await owner.page.getByRole("heading", { name: "No notifications yet" }).waitFor();
    expect(await requestsRow(owner.page).count()).toBe(0);

    await stranger.page.goto(`/profile/${alice.username}`);
    await lock(stranger.page).waitFor();
    await stranger.page.getByText("Follow this account to see their photos and videos.").waitFor();
    await stranger.page
      .getByRole("list", { name: "Profile stats" })
      .getByRole("listitem")
      .filter({ hasText: /^1 post$/ })
      .waitFor();
    expect(await stranger.page.getByRole("button", { name: /Only for my followers/ }).count()).toBe(0);
    await followButton(stranger.page, "Follow").click();
    await followButton(stranger.page, "Requested").waitFor();
    await lock(stranger.page).waitFor();

    // Live on the owner's screen: the Follow requests row (one waiting) and the request itself inline.
    // The row appears with the live count first and names the requester once their list has loaded.
    await requestsRow(owner.page).filter({ hasText: bob.username }).waitFor();
    await owner.page
      .getByRole("button", { name: `Confirm follow request from ${bob.username}` })
      .first()
      .waitFor();
    await owner.page.getByText("requested to follow you").first().waitFor();

    await requestsRow(owner.page).click();
    await owner.page.waitForURL("**/notifications/requests");
    const requests = owner.page.getByRole("list", { name: "Follow requests" });
    await requests.getByRole("link", { name: new RegExp(bob.username) }).waitFor();
    await requests.getByRole("button", { name: `Confirm follow request from ${bob.username}` }).click();
    // The row stays where it was, saying so, until the list is left: nothing slides under the pointer.
    await requests.getByText("Confirmed", { exact: true }).waitFor();
    expect(await requests.getByRole("listitem").count()).toBe(1);
    // The owner's notifications keep who it was, as a follow: "started following you", already read.
    await owner.page.getByRole("link", { name: "Back to notifications" }).click();
    await owner.page.waitForURL("**/notifications");
    await owner.page.getByText("started following you").waitFor();
    expect(await owner.page.getByText("requested to follow you").count()).toBe(0);
    expect(await requestsRow(owner.page).count()).toBe(0);

    // The stranger is told live (follow_accepted): Following, and the post replaces the lock.
    await followButton(stranger.page, "Following").waitFor();
    await stranger.page.getByRole("button", { name: /Only for my followers/ }).waitFor();
    expect(await lock(stranger.page).count()).toBe(0);

    // The server kept it.
    await stranger.page.reload();
    await stranger.page.getByRole("button", { name: /Only for my followers/ }).waitFor();
    await followButton(stranger.page, "Following").waitFor();

    // Unfollowing a private member is asked once more, since coming back takes a new request.
    await followButton(stranger.page, "Following").click();
    const question = stranger.page.getByRole("dialog", { name: `Unfollow ${alice.username}?` });
    await question
      .getByText(`If you change your mind, you'll have to request to follow @${alice.username} again.`)
      .waitFor();
    for (const [name, viewport] of Object.entries(viewports)) {
      await stranger.page.setViewportSize(viewport);
      await stranger.page.screenshot({ path: join(artifacts, `profile-unfollow-private-${name}.png`) });
    }
    await question.getByRole("button", { name: "Unfollow", exact: true }).click();
    await followButton(stranger.page, "Follow").waitFor();
    await lock(stranger.page).waitFor();
    const { followers } = await api(owner.page, alice, "GET", `/followers/${alice.id}`);
    expect(followers).toEqual([]);
    await owner.context.close();
    await stranger.context.close();
  });

  it("a double-click on Confirm answers the one request clicked: every row keeps its place", async () => {
    const owner = await openContext(browser);
    const others = await openContext(browser);
    const gina = await privateMemberWithPost(owner.page, "gina", "Gina's garden");
    const askers: Member[] = [];
    for (const prefix of ["hal", "ida", "jon"]) {
      const asker = await signedInMember(others.page, prefix);
      await api(others.page, asker, "POST", `/follow/${gina.id}`);
      askers.push(asker);
    }
    const [, ida, jon] = askers as [Member, Member, Member];

    await owner.page.goto("/notifications/requests");
    const requests = owner.page.getByRole("list", { name: "Follow requests" });
    const rows = requests.getByRole("listitem");
    await rows.nth(2).waitFor();
    const boxes = async () => Promise.all([0, 1, 2].map((index) => rows.nth(index).boundingBox()));
    const before = await boxes();

    // Newest first: jon's request is on top, ida's below it.
    const accepted = owner.page.waitForResponse((response) => response.url().includes("/accept"));
    await requests.getByRole("button", { name: `Confirm follow request from ${jon.username}` }).dblclick();
    await accepted;

    const confirmed = rows.nth(0).getByText("Confirmed", { exact: true });
    await confirmed.waitFor();
    await expect.poll(() => confirmed.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await boxes()).toEqual(before);
    expect(
      await rows
        .nth(1)
        .getByRole("button", { name: `Confirm follow request from ${ida.username}` })
        .count(),
    ).toBe(1);
    // The server agrees: one request answered, the two others still waiting.
    const { requests: left } = await api(owner.page, gina, "GET", "/follow-requests");
    expect(left.map((request: { username: string }) => request.username).sort()).toEqual(
      askers
        .slice(0, 2)
        .map((asker) => asker.username)
        .sort(),
    );
    await owner.context.close();
    await others.context.close();
  });

  it("the owner removes a follower from her followers list; the follower's open profile locks live", async () => {
    const owner = await openContext(browser);
    const follower = await openContext(browser);
    const erin = await privateMemberWithPost(owner.page, "erin", "Erin's garden");
    const fred = await signedInMember(follower.page, "fred");
    await api(follower.page, fred, "POST", `/follow/${erin.id}`);
    await api(owner.page, erin, "POST", `/follow-requests/${fred.id}/accept`);

    await follower.page.goto(`/profile/${erin.username}`);
    await follower.page.getByRole("button", { name: /Erin's garden/ }).waitFor();
    await followButton(follower.page, "Following").waitFor();
    // The follower's feed, in another tab: her post is there.
    const feed = await follower.context.newPage();
    await feed.goto("/post");
    const erinsCard = feed.getByRole("article", { name: `Post by @${erin.username}` });
    await erinsCard.waitFor();

    await owner.page.goto("/profile");
    await owner.page.getByRole("button", { name: "1 follower" }).click();
    const list = owner.page.getByRole("list", { name: "Followers" });
    await list.getByRole("button", { name: `Remove ${fred.username}` }).click();
    const question = owner.page.getByRole("dialog", { name: "Remove follower?" });
    await question
      .getByText(`Flik won't tell @${fred.username} they were removed from your followers.`)
      .waitFor();
    for (const [name, viewport] of Object.entries(viewports)) {
      await owner.page.setViewportSize(viewport);
      await owner.page.screenshot({ path: join(artifacts, `profile-remove-follower-${name}.png`) });
    }
    await question.getByRole("button", { name: "Remove", exact: true }).click();
    await owner.page.getByText("No followers yet").waitFor();
    await owner.page.keyboard.press("Escape");
    await owner.page.getByRole("button", { name: "0 followers" }).waitFor();

    // The removed follower's open profile of her turns to the lock at once (postFollowed), and her post
    // leaves their open feed.
    await followButton(follower.page, "Follow").waitFor();
    await lock(follower.page).waitFor();
    await erinsCard.waitFor({ state: "detached" });
    const { followers } = await api(owner.page, erin, "GET", `/followers/${erin.id}`);
    expect(followers).toEqual([]);
    await owner.context.close();
    await follower.context.close();
  });

  it("a member going private shows live: a follower's Following asks first, a stranger's open profile locks", async () => {
    const owner = await openContext(browser);
    const follower = await openContext(browser);
    const stranger = await openContext(browser);
    const gail = await signedInMember(owner.page, "gail");
    const { post } = await api(owner.page, gail, "POST", "/posts", {
      image: await uploadedPhoto(owner.page, gail),
      caption: "Gail's lake",
    });
    const hank = await signedInMember(follower.page, "hank");
    await signedInMember(stranger.page, "ivy");
    await api(follower.page, hank, "POST", `/follow/${gail.id}`);

    // Each open profile watches her newest post: that is how it hears her change.
    await openWatching(follower.page, `/profile/${gail.username}`, post._id);
    await followButton(follower.page, "Following").waitFor();
    await openWatching(stranger.page, `/profile/${gail.username}`, post._id);
    await stranger.page.getByRole("button", { name: /Gail's lake/ }).waitFor();

    await api(owner.page, gail, "PUT", "/user/privacy", { isPrivate: true });

    // The stranger's open profile locks without a reload.
    await lock(stranger.page).waitFor();
    expect(await stranger.page.getByRole("button", { name: /Gail's lake/ }).count()).toBe(0);
    // The follower keeps the posts, and Following now asks before letting go of a private account.
    await follower.page.getByRole("button", { name: /Gail's lake/ }).waitFor();
    await followButton(follower.page, "Following").click();
    const question = follower.page.getByRole("dialog", { name: `Unfollow ${gail.username}?` });
    await question.waitFor();
    await question.getByRole("button", { name: "Cancel" }).click();
    await followButton(follower.page, "Following").waitFor();
    await owner.context.close();
    await follower.context.close();
    await stranger.context.close();
  });

  it("tapping Requested withdraws the request, and it leaves the owner's list", async () => {
    const owner = await openContext(browser);
    const stranger = await openContext(browser);
    const carol = await privateMemberWithPost(owner.page, "carol", "Carol's private sunset");
    const dan = await signedInMember(stranger.page, "dan");

    await stranger.page.goto(`/profile/${carol.username}`);
    await lock(stranger.page).waitFor();
    await followButton(stranger.page, "Follow").click();
    await followButton(stranger.page, "Requested").waitFor();

    await owner.page.goto("/notifications/requests");
    const requests = owner.page.getByRole("list", { name: "Follow requests" });
    await requests.getByRole("link", { name: new RegExp(dan.username) }).waitFor();

    await followButton(stranger.page, "Requested").click();
    await followButton(stranger.page, "Follow").waitFor();
    await lock(stranger.page).waitFor();
    const { requests: left } = await api(owner.page, carol, "GET", "/follow-requests");
    expect(left).toEqual([]);

    await owner.page.reload();
    await owner.page.getByRole("heading", { name: "No follow requests" }).waitFor();
    await owner.page.goto("/notifications");
    await owner.page.getByRole("heading", { name: "No notifications yet" }).waitFor();
    expect(await requestsRow(owner.page).count()).toBe(0);

    // Withdrawn for good: the stranger's profile view says Follow after a reload too.
    await stranger.page.reload();
    await lock(stranger.page).waitFor();
    await followButton(stranger.page, "Follow").waitFor();
    await owner.context.close();
    await stranger.context.close();
  });
});

describe("blocks", () => {
  it("a block hides the blocker's profile, posts and chat from the member; unblocking restores the profile, not the follow", async () => {
    const blocker = await openContext(browser);
    const blocked = await openContext(browser);
    const erin = await signedInMember(blocker.page, "erin");
    const finn = await signedInMember(blocked.page, "finn");

    // Before: they follow each other, each has a post, and they have a chat.
    await api(blocked.page, finn, "POST", `/follow/${erin.id}`, {});
    await api(blocker.page, erin, "POST", `/follow/${finn.id}`, {});
    await api(blocker.page, erin, "POST", "/posts", {
      image: await uploadedPhoto(blocker.page, erin),
      caption: "Erin's pier",
    });
    await api(blocked.page, finn, "POST", "/posts", {
      image: await uploadedPhoto(blocked.page, finn),
      caption: "Finn's hill",
    });
    const { chat } = await api(blocked.page, finn, "POST", "/chats", { userId: erin.id });
    await api(blocker.page, erin, "POST", `/chats/${chat._id}/messages`, { text: "See you at the pier" });

    const erinsPost = blocked.page.getByRole("article", { name: `Post by @${erin.username}` });
    await blocked.page.goto("/post");
    await erinsPost.first().waitFor();

    // The block, from the profile's ⋯ menu.
    await blocker.page.goto(`/profile/${finn.username}`);
    await followButton(blocker.page, "Following").waitFor();
    await blocker.page.getByRole("button", { name: "Profile options" }).click();
    await blocker.page.getByRole("menuitem", { name: "Block" }).click();
    const dialog = blocker.page.getByRole("dialog", { name: `Block ${finn.username}?` });
    await dialog.getByText("They won't be notified that you blocked them.").waitFor();
    await dialog.getByRole("button", { name: "Block", exact: true }).click();
    await blocker.page.getByText(`Blocked ${finn.username}`, { exact: true }).waitFor();
    await dialog.waitFor({ state: "detached" });
    // The blocker still reaches the profile, as on Instagram: who it is, and Unblock.
    await blocker.page.getByRole("heading", { name: `You blocked @${finn.username}` }).waitFor();
    await blocker.page.getByRole("button", { name: "Unblock", exact: true }).waitFor();
    expect(await followButton(blocker.page, "Following").count()).toBe(0);
    for (const [name, viewport] of Object.entries(viewports)) {
      await blocker.page.setViewportSize(viewport);
      await blocker.page.screenshot({ path: join(artifacts, `profile-blocked-${name}.png`) });
    }

    // The blocked member: the blocker's profile is not found, the feed holds only their own post.
    await blocked.page.goto(`/profile/${erin.username}`);
    await blocked.page.getByRole("heading", { name: "Member not found" }).waitFor();
    await blocked.page.goto("/post");
    await blocked.page
      .getByRole("article", { name: `Post by @${finn.username}` })
      .first()
      .waitFor();
    expect(await erinsPost.count()).toBe(0);

    // The chat stays readable but takes no new message.
    await blocked.page.goto(`/chat?c=${chat._id}`);
    const log = blocked.page.getByRole("log", { name: "Messages" });
    await log.getByText("See you at the pier").waitFor();
    const composer = blocked.page.getByRole("textbox", { name: "Message", exact: true });
    await composer.fill("Are you there?");
    await composer.press("Enter");
    await blocked.page.getByRole("status").filter({ hasText: "You can't message this account" }).waitFor();
    await composer.waitFor({ state: "detached" });
    const { messages } = await api(blocked.page, finn, "GET", `/chats/${chat._id}/messages`);
    expect(messages.map((message: { text: string }) => message.text)).toEqual(["See you at the pier"]);

    // Settings > Blocked accounts lists the member; Unblock restores the profile but not the follow.
    await blocker.page.goto("/settings");
    await blocker.page.getByRole("button", { name: /Blocked accounts/ }).click();
    const panel = blocker.page.getByRole("dialog", { name: "Blocked accounts" });
    await panel.getByText(finn.username, { exact: true }).waitFor();
    await panel.getByRole("button", { name: `Unblock ${finn.username}` }).click();
    await blocker.page.getByText(`Unblocked ${finn.username}`, { exact: true }).waitFor();
    await panel.getByText("No blocked accounts").waitFor();

    await blocker.page.goto(`/profile/${finn.username}`);
    await blocker.page.getByRole("heading", { name: `@${finn.username}` }).waitFor();
    await followButton(blocker.page, "Follow").waitFor();
    await blocker.page.getByRole("button", { name: /Finn's hill/ }).waitFor();

    await blocked.page.goto(`/profile/${erin.username}`);
    await blocked.page.getByRole("heading", { name: `@${erin.username}` }).waitFor();
    await followButton(blocked.page, "Follow").waitFor();
    await blocker.context.close();
    await blocked.context.close();
  });
});
