import { rooms } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "./test/factories.js";
import { buildTestApp, collectEvents, nextEvent, realtimeBed, roundTrip } from "./test/helper.js";

/**
 * An id written in capitals names the same thing as the lower-case one the server hands out (Postgres
 * reads both alike), so it is checked as that thing: never a way past a rule that compares ids as text
 * (a member's own id, a chat's pair of members, a socket's room).
 */
const built = await buildTestApp();
const { socketOf, isInRoom } = await realtimeBed(built);
const { call, someone, follow, like, makePrivate, createPost, groupOf } = factories(built);
const capitals = (id: string) => id.toUpperCase();

describe("an id in capitals", () => {
  it("is still the member's own: following, blocking, chatting with or removing oneself is refused", async () => {
    const [maya, leo] = await Promise.all([someone("caps_self"), someone("caps_other")]);
    const own = capitals(maya.userId);
    const refusals = [
      [await call(maya, "POST", `/follow/${own}`), "You cannot follow yourself"],
      [await call(maya, "POST", `/unfollow/${own}`), "You cannot unfollow yourself"],
      [await call(maya, "DELETE", `/followers/${own}`), "You cannot remove yourself"],
      [await call(maya, "POST", "/user/block", { userId: own }), "You can't block yourself"],
      [await call(maya, "POST", "/chats", { userId: own }), "You cannot start a chat with yourself"],
    ] as const;
    for (const [response, message] of refusals) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const group = await call(maya, "POST", "/chats", { userIds: [own, leo.userId], name: "Me and Leo" });
    expect(group.statusCode, group.body).toBe(400);
    // The same member twice is one member.
    const twice = await call(maya, "POST", "/chats", {
      userIds: [leo.userId, capitals(leo.userId)],
      name: "Leo twice",
    });
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.json().message).toBe("A group needs at least two other members");
  });

  it("joins the member's own room", async () => {
    const maya = await someone("caps_own_room");
    const socket = await socketOf(maya);
    expect(await socket.emitWithAck("joinUser", capitals(maya.userId))).toMatchObject({ ok: true });
    expect(isInRoom(socket, rooms.user(maya.userId))).toBe(true);
  });

  it("opens the one chat two members have, not another", async () => {
    const [maya, leo] = await Promise.all([someone("caps_chat_a"), someone("caps_chat_b")]);
    const first = await call(maya, "POST", "/chats", { userId: leo.userId });
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(maya, "POST", "/chats", { userId: capitals(leo.userId) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().chat._id).toBe(first.json().chat._id);
  });

  it("takes a removed follower out of a private member's post rooms", async () => {
    const [owner, follower] = await Promise.all([someone("caps_private"), someone("caps_follower")]);
    await follow(follower, owner);
    await makePrivate(owner);
    const post = await createPost(owner);
    const followerSocket = await socketOf(follower);
    expect(await followerSocket.emitWithAck("joinPostRoom", capitals(post._id))).toMatchObject({ ok: true });
    expect(isInRoom(followerSocket, rooms.post(post._id))).toBe(true);

    const removed = await call(owner, "DELETE", `/followers/${capitals(follower.userId)}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await roundTrip(followerSocket);
    expect(isInRoom(followerSocket, rooms.post(post._id))).toBe(false);
    const heard = collectEvents(followerSocket, "postLiked");
    await like(owner, post);
    await roundTrip(followerSocket);
    expect(heard).toEqual([]);
  });

  it("joins a chat's own room, so typing reaches it and leaving the group ends it", async () => {
    const [maya, leo, ivy] = await Promise.all([
      someone("caps_group_a"),
      someone("caps_group_b"),
      someone("caps_group_c"),
    ]);
    const group = await groupOf(maya, [leo, ivy], "Capitals");
    const [mayaSocket, leoSocket] = await Promise.all([socketOf(maya), socketOf(leo)]);
    expect(await leoSocket.emitWithAck("joinChat", capitals(group._id))).toEqual({ ok: true });
    expect(await mayaSocket.emitWithAck("joinChat", group._id)).toEqual({ ok: true });
    const leoHears = nextEvent(leoSocket, "typing");
    mayaSocket.emit("typing", capitals(group._id));
    expect(await leoHears).toMatchObject({ chatId: group._id, userId: maya.userId });

    expect((await call(leo, "POST", `/chats/${group._id}/leave`)).statusCode).toBe(200);
    await roundTrip(leoSocket);
    expect(isInRoom(leoSocket, rooms.chat(group._id))).toBe(false);
    expect(isInRoom(leoSocket, rooms.chat(capitals(group._id)))).toBe(false);
  });
});
