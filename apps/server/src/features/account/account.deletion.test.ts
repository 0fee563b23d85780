import {
  ACCOUNT_DELETED_MESSAGE,
  DELETE_ACCOUNT_PASSWORD_MISSING,
  DELETE_ACCOUNT_SIGN_IN_AGAIN,
  DELETE_ACCOUNT_USERNAME_MISSING,
  NUL_CHARACTER_MESSAGE,
} from "@flik/shared";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chats, users } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import { buildTestApp, nextEvent, realtimeBed, type SignedIn, signUp } from "../../test/helper.js";

const built = await buildTestApp();
const { app } = built;
const { db } = built.database;
const { socketOf } = await realtimeBed(built);
const {
  newcomer,
  call,
  follow,
  createPost,
  like,
  comment,
  chatBetween,
  groupOf,
  sendMessage,
  chatsOf,
  makePrivate,
  requestFollow,
  acceptFollow,
  createFlick,
  block,
} = factories(built);

const deleteAccount = (member: SignedIn, payload?: object) => call(member, "DELETE", "/user", payload);
const signin = (identifier: string, password: string) =>
  app.inject({ method: "POST", url: "/api/auth/signin", payload: { identifier, password } });
const profileOf = async (viewer: SignedIn, username: string) =>
  (await call(viewer, "GET", `/profile/${username}`)).json().user;
const postOf = async (viewer: SignedIn, postId: string) =>
  (await call(viewer, "GET", `/posts/${postId}`)).json();

describe("DELETE /api/user", () => {
  it.each([
    ["no password", {}, DELETE_ACCOUNT_PASSWORD_MISSING],
    ["an empty password", { password: "" }, DELETE_ACCOUNT_PASSWORD_MISSING],
    ["a wrong password", { password: "not-my-password" }, "Password is incorrect"],
    ["a password that is no text", { password: 42 }, "password must be text"],
    ["a password with NUL", { password: "abc\u0000def" }, NUL_CHARACTER_MESSAGE],
    ["a password longer than any", { password: "x".repeat(129) }, "password is at most 128 characters"],
  ])("refuses %s with a 400 on the field, and the account stays", async (_case, payload, message) => {
    const member = await newcomer(`keeper${Math.random().toString(36).slice(2, 8)}`);
    const response = await deleteAccount(member, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message, errors: [{ field: "password", message }] });
    expect((await call(member, "GET", "/user")).statusCode).toBe(200);
  });

  it("answers 401 without a session", async () => {
    const response = await app.inject({ method: "DELETE", url: "/api/user", payload: { password: "x" } });
    expect(response.statusCode).toBe(401);
  });

  it("deletes the account: its sessions end, its name is free, and the counts it was in fall back", async () => {
    const leaving = await newcomer("leaving");
    const otherDevice = await newcomer("leaving"); // a second session of theirs
    const staying = await newcomer("staying");
    await follow(leaving, staying);
    await follow(staying, leaving);
    const stayingPost = await createPost(staying, { caption: "Sunset" });
    await like(leaving, stayingPost);
    await comment(leaving, stayingPost, "Lovely");
    const leavingPost = await createPost(leaving, { caption: "Mine" });
    await like(staying, leavingPost);
    expect(await profileOf(staying, "staying")).toMatchObject({ followersCount: 1, followingCount: 1 });
    expect((await postOf(staying, stayingPost._id)).post).toMatchObject({ likesCount: 1, commentsCount: 1 });

    const otherSocket = await socketOf(otherDevice);
    const revoked = nextEvent(otherSocket, "sessionRevoked");
    const response = await deleteAccount(leaving, { password: "leaving-password" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_DELETED_MESSAGE });
    expect(await revoked).toEqual({ reason: "account-deleted" });

    expect((await call(leaving, "GET", "/user")).statusCode).toBe(401);
    expect((await call(otherDevice, "GET", "/user")).statusCode).toBe(401);
    expect((await signin("leaving", "leaving-password")).statusCode).toBe(401);
    expect((await call(staying, "GET", "/profile/leaving")).statusCode).toBe(404);
    expect((await call(staying, "GET", `/posts/${leavingPost._id}`)).statusCode).toBe(404);
    expect(await profileOf(staying, "staying")).toMatchObject({ followersCount: 0, followingCount: 0 });
    const post = await postOf(staying, stayingPost._id);
    expect(post.post).toMatchObject({ likesCount: 0, commentsCount: 0 });
    const rows = await db.select({ id: users.id }).from(users).where(eq(users.username, "leaving"));
    expect(rows).toEqual([]);
    // The name and address may be taken again.
    await signUp(built, {
      fullName: "Someone New",
      username: "leaving",
      email: "leaving@example.com",
      password: "a-new-members-password",
    });
    expect((await signin("leaving", "a-new-members-password")).statusCode).toBe(200);
  });

  it("tells whoever was shown something of it live: its posts go, its likes, comments and notifications too", async () => {
    const leaving = await newcomer("liveleaver");
    const watcher = await newcomer("livewatcher");
    await follow(leaving, watcher);
    const watchersPost = await createPost(watcher, { caption: "Watched" });
    await like(leaving, watchersPost);
    const said = await comment(leaving, watchersPost, "So good");
    const leavingPost = await createPost(leaving, { caption: "Going soon" });
    const unreadOf = async () => (await call(watcher, "GET", "/notifications")).json().unreadCount;
    const unreadBefore = await unreadOf();
    expect(unreadBefore).toBeGreaterThanOrEqual(3); // the follow, the like and the comment

    const socket = await socketOf(watcher);
    for (const post of [watchersPost, leavingPost])
      expect(await socket.emitWithAck("joinPostRoom", post._id)).toMatchObject({ ok: true });
    const heard = {
      deleted: nextEvent(socket, "postDeleted"),
      unliked: nextEvent(socket, "postLiked"),
      uncommented: nextEvent(socket, "postCommentDeleted"),
      notifications: nextEvent(socket, "notificationsRemoved"),
    };
    const response = await deleteAccount(leaving, { password: "liveleaver-password" });
    expect(response.statusCode, response.body).toBe(200);

    expect(await heard.deleted).toEqual({ postId: leavingPost._id });
    expect(await heard.unliked).toEqual({
      postId: watchersPost._id,
      likesCount: 0,
      userId: leaving.userId,
      isLiked: false,
    });
    expect(await heard.uncommented).toEqual({
      postId: watchersPost._id,
      commentId: said._id,
      commentsCount: 0,
    });
    const removed = await heard.notifications;
    expect(removed.ids).toHaveLength(3);
    expect(removed.unreadCount).toBe(unreadBefore - 3);
    expect(await unreadOf()).toBe(removed.unreadCount);
  });

  it("tells a private member's followers with the flicks feed open that its flicks went", async () => {
    const leaving = await newcomer("flickleaver");
    const fan = await newcomer("flickfan");
    await makePrivate(leaving);
    await requestFollow(fan, leaving);
    await acceptFollow(leaving, fan);
    const flick = await createFlick(leaving);
    const socket = await socketOf(fan);
    expect(await socket.emitWithAck("joinFlicks")).toMatchObject({ ok: true });
    const gone = nextEvent(socket, "flickDeleted");

    const response = await deleteAccount(leaving, { password: "flickleaver-password" });
    expect(response.statusCode, response.body).toBe(200);
    expect(await gone).toMatchObject({ flickId: flick._id, uploadedBy: leaving.userId });
  });

  it("tells nothing of it to a member blocked with it: the post room's events leave them out", async () => {
    const leaving = await newcomer("blockedleaver");
    const blocker = await newcomer("leaverblocker");
    const author = await newcomer("bothwatch");
    const post = await createPost(author, { caption: "Both here" });
    await like(leaving, post);
    await block(blocker, leaving);
    const [blockerSocket, authorSocket] = await Promise.all([socketOf(blocker), socketOf(author)]);
    for (const socket of [blockerSocket, authorSocket])
      expect(await socket.emitWithAck("joinPostRoom", post._id)).toMatchObject({ ok: true });
    const heardByBlocker: unknown[] = [];
    blockerSocket.on("postLiked", (event) => heardByBlocker.push(event));
    const authorHears = nextEvent(authorSocket, "postLiked");

    const response = await deleteAccount(leaving, { password: "blockedleaver-password" });
    expect(response.statusCode, response.body).toBe(200);
    expect(await authorHears).toMatchObject({ postId: post._id, likesCount: 0, isLiked: false });
    // The blocker's socket has had the same chance to hear it (one node, one broadcast): it did not.
    expect(await blockerSocket.emitWithAck("joinUser", blocker.userId)).toMatchObject({ ok: true });
    expect(heardByBlocker).toEqual([]);
  });

  it("takes its follow request to a private member along, from their requests and notifications, live", async () => {
    const leaving = await newcomer("requestleaver");
    const target = await newcomer("privatetarget");
    await makePrivate(target);
    await requestFollow(leaving, target);
    const socket = await socketOf(target);
    const removed = nextEvent(socket, "notificationsRemoved");

    const response = await deleteAccount(leaving, { password: "requestleaver-password" });
    expect(response.statusCode, response.body).toBe(200);

    expect(await removed).toMatchObject({ unreadCount: 0, followRequestsFrom: [leaving.userId] });
    const notifications = (await call(target, "GET", "/notifications")).json();
    expect(notifications).toMatchObject({ notifications: [], unreadCount: 0 });
    expect((await call(target, "GET", "/follow-requests")).json().requests).toEqual([]);
    expect((await call(target, "GET", "/user")).json().user.followRequestsCount).toBe(0);
  });

  it("takes the one-to-one chats with it, and leaves its groups, telling the others live", async () => {
    const leaving = await newcomer("chatleaver");
    const partner = await newcomer("chatpartner");
    const third = await newcomer("chatthird");
    const direct = await chatBetween(partner, leaving);
    await sendMessage(partner, direct, "Hi there");
    await sendMessage(leaving, direct, "Hello");
    const group = await groupOf(partner, [leaving, third], "Trip");
    await sendMessage(leaving, group, "I'm in");
    const alone = await groupOf(leaving, [partner, third], "Soon alone");
    for (const member of [partner, third]) await call(member, "POST", `/chats/${alone._id}/leave`);

    const [partnerSocket, thirdSocket] = await Promise.all([socketOf(partner), socketOf(third)]);
    const directGoes = nextEvent(partnerSocket, "chatDeleted");
    const groupChanges = nextEvent(thirdSocket, "chatUpdated");
    const response = await deleteAccount(leaving, { password: "chatleaver-password" });
    expect(response.statusCode, response.body).toBe(200);

    expect(await directGoes).toEqual({ chatId: direct._id });
    const updated = (await groupChanges).chat;
    expect(updated._id).toBe(group._id);
    expect(updated.participants.map((p: { username: string }) => p.username).sort()).toEqual([
      "chatpartner",
      "chatthird",
    ]);
    // As the third member's own list shows it: the message the deleted member sent went with them.
    expect(updated).toEqual((await chatsOf(third)).find((chat) => chat._id === group._id));
    expect(updated.lastMessage).toBeNull();
    expect((await chatsOf(partner)).map((chat) => chat._id)).toEqual([group._id]);
    expect((await call(partner, "GET", `/chats/${direct._id}/messages`)).statusCode).toBe(404);
    const messages = (await call(third, "GET", `/chats/${group._id}/messages`)).json().messages;
    expect(messages.some((message: { text: string }) => message.text === "I'm in")).toBe(false);
    // The group nobody is left in goes, as after the last one leaves it.
    expect(await db.select({ id: chats.id }).from(chats).where(eq(chats.id, alone._id))).toEqual([]);
  });

  it("asks an account without a password (made through a sign-in provider) for its username", async () => {
    const member = await newcomer("providermade");
    await db.execute(sql`update users set password_hash = null where id = ${member.userId}`);

    const missing = await deleteAccount(member, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: DELETE_ACCOUNT_USERNAME_MISSING,
      errors: [{ field: "username", message: DELETE_ACCOUNT_USERNAME_MISSING }],
    });
    const wrong = await deleteAccount(member, { username: "someoneelse", password: "anything" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("That is not your username");
    expect((await call(member, "GET", "/user")).statusCode).toBe(200);

    // Signed in long ago, the username alone is not enough: a fresh sign-in through the provider is.
    await db.execute(
      sql`update sessions set created_at = now() - interval '16 minutes' where id = ${member.sessionId}`,
    );
    const stale = await deleteAccount(member, { username: "providermade" });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toBe(DELETE_ACCOUNT_SIGN_IN_AGAIN);
    await db.execute(sql`update sessions set created_at = now() where id = ${member.sessionId}`);

    // As it is shown (@name), in any case, with spaces around it.
    const response = await deleteAccount(member, { username: " @ProviderMade " });
    expect(response.statusCode, response.body).toBe(200);
    expect((await call(member, "GET", "/user")).statusCode).toBe(401);
  });
});
