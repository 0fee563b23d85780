import type { Notification, Post } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import {
  buildTestApp,
  collectEvents,
  nextEvent,
  realtimeBed,
  roundTrip,
  type SignedIn,
} from "../../test/helper.js";

/** DELETE /posts/{id}/comments/{commentId}: by the comment's author or the post's owner. */
const built = await buildTestApp();
const { socketOf } = await realtimeBed(built);
const { call, someone, createPost, createFlick, comment, makePrivate, block } = factories(built);

async function postOf(member: SignedIn, id: string): Promise<Post> {
  const response = await call(member, "GET", `/posts/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().post;
}

async function notificationsOf(member: SignedIn) {
  const response = await call(member, "GET", "/notifications?limit=50");
  return response.json() as { notifications: Notification[]; unreadCount: number };
}

const remove = (member: SignedIn, postId: string, commentId: string) =>
  call(member, "DELETE", `/posts/${postId}/comments/${commentId}`);

describe("deleting a comment", () => {
  it("lets its author delete it: gone from the post, its count and the owner's notifications, live", async () => {
    const [owner, author, watcher] = await Promise.all([
      someone("cd_owner"),
      someone("cd_author"),
      someone("cd_watch"),
    ]);
    const post = await createPost(owner);
    const kept = await comment(author, post, "Staying");
    const gone = await comment(author, post, "Oops, wrong post");
    const before = await notificationsOf(owner);
    const told = before.notifications.find((n) => n.comment === "Oops, wrong post");
    expect(told).toBeDefined();

    const [ownerSocket, watcherSocket] = await Promise.all([socketOf(owner), socketOf(watcher)]);
    await watcherSocket.emitWithAck("joinPostRoom", post._id);
    const heard = nextEvent(watcherSocket, "postCommentDeleted");
    const removed = nextEvent(ownerSocket, "notificationsRemoved");

    const response = await remove(author, post._id, gone._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: "Comment deleted", commentsCount: 1 });
    expect(await heard).toEqual({ postId: post._id, commentId: gone._id, commentsCount: 1 });
    expect(await removed).toEqual({ ids: [told?._id], unreadCount: before.unreadCount - 1 });

    const after = await postOf(watcher, post._id);
    expect(after.commentsCount).toBe(1);
    expect(after.comments.map((c) => c._id)).toEqual([kept._id]);
    const pages = await call(watcher, "GET", `/posts/${post._id}/comments`);
    expect(pages.json().comments.map((c: { _id: string }) => c._id)).toEqual([kept._id]);
    const notes = (await notificationsOf(owner)).notifications;
    expect(notes.some((n) => n._id === told?._id)).toBe(false);
    expect(notes.some((n) => n.comment === "Staying")).toBe(true);
  });

  it("lets the post's owner delete anyone's comment on it, a flick's too", async () => {
    const [owner, author] = await Promise.all([someone("cd_owner2"), someone("cd_author2")]);
    const flick = await createFlick(owner);
    const rude = await comment(author, flick, "Rude words");
    const response = await remove(owner, flick._id, rude._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().commentsCount).toBe(0);
    const flicks = (await call(owner, "GET", "/flicks?limit=50")).json().flicks as {
      _id: string;
      comments: unknown[];
    }[];
    expect(flicks.find((f) => f._id === flick._id)?.comments).toEqual([]);
  });

  it("refuses anyone else with 403, and a comment that is not the post's, or gone already, with 404", async () => {
    const [owner, author, other] = await Promise.all([
      someone("cd_owner3"),
      someone("cd_author3"),
      someone("cd_other3"),
    ]);
    const post = await createPost(owner);
    const elsewhere = await createPost(owner);
    const theirs = await comment(author, post, "Mine alone");

    const refused = await remove(other, post._id, theirs._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: "You can only delete your own comments, or comments on your posts",
    });
    const wrongPost = await remove(owner, elsewhere._id, theirs._id);
    expect(wrongPost.statusCode).toBe(404);
    expect(wrongPost.json()).toEqual({ message: "Comment not found" });
    expect((await postOf(owner, post._id)).commentsCount).toBe(1);

    expect((await remove(author, post._id, theirs._id)).statusCode).toBe(200);
    const again = await remove(author, post._id, theirs._id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: "Comment not found" });
    expect((await postOf(owner, post._id)).commentsCount).toBe(0);
  });

  it("answers an id that is no id as a missing one, and 404 for a post the caller may no longer see", async () => {
    const [owner, author] = await Promise.all([someone("cd_owner4"), someone("cd_author4")]);
    const post = await createPost(owner);
    const mine = await comment(author, post, "Hello");

    const badComment = await call(author, "DELETE", `/posts/${post._id}/comments/not-an-id`);
    expect(badComment.statusCode).toBe(404);
    expect(badComment.json().message).toBe("Comment not found");
    const badPost = await call(author, "DELETE", `/posts/%00/comments/${mine._id}`);
    expect(badPost.statusCode).toBe(404);
    expect(badPost.json().message).toBe("Post not found");

    await makePrivate(owner);
    const hidden = await remove(author, post._id, mine._id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: "Post not found" });
    expect((await postOf(owner, post._id)).commentsCount).toBe(1);
  });

  it("tells no one blocked either way with the comment's author, when the post's owner deletes it", async () => {
    const [owner, author, blocked] = await Promise.all([
      someone("cd_owner5"),
      someone("cd_author5"),
      someone("cd_blocked5"),
    ]);
    const post = await createPost(owner);
    const theirs = await comment(author, post, "Bye soon");
    // Blocked by the author only: still watching the owner's post, where the author's comments are hidden.
    await block(author, blocked);
    const blockedSocket = await socketOf(blocked);
    expect(await blockedSocket.emitWithAck("joinPostRoom", post._id)).toMatchObject({ ok: true });
    const heard = collectEvents(blockedSocket, "postCommentDeleted");
    const watcher = await socketOf(owner);
    await watcher.emitWithAck("joinPostRoom", post._id);
    const ownerHeard = nextEvent(watcher, "postCommentDeleted");

    expect((await remove(owner, post._id, theirs._id)).statusCode).toBe(200);
    expect((await ownerHeard).commentId).toBe(theirs._id);
    await roundTrip(blockedSocket);
    expect(heard).toEqual([]);
  });
});
