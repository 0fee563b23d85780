import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import { storeNotification } from "./notifications.queries.js";

/** A comment notification is tied to its comment (migration 0028): it goes with it, and never outlives it. */
const built = await buildTestApp();
const { call, someone, createPost, comment } = factories(built);

describe("comment notifications", () => {
  it("stores none of a comment deleted before it could be told", async () => {
    const [owner, author] = await Promise.all([someone("cn_owner"), someone("cn_author")]);
    const post = await createPost(owner);
    const gone = await comment(author, post, "Here and gone");
    expect((await call(author, "DELETE", `/posts/${post._id}/comments/${gone._id}`)).statusCode).toBe(200);

    const stored = await storeNotification(built.database.db, {
      type: "comment",
      recipientId: owner.userId,
      senderId: author.userId,
      postId: post._id,
      comment: "Here and gone",
      commentId: gone._id,
    });
    expect(stored).toBeUndefined();
    const listed = (await call(owner, "GET", "/notifications?limit=50")).json().notifications as {
      comment: string | null;
    }[];
    expect(listed.some((n) => n.comment === "Here and gone")).toBe(false);
  });
});
