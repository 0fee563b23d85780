import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";

/** COMMENT_RATE_LIMIT, here three a minute, counted over posts and flicks together. */
const built = await buildTestApp({ commentRateLimit: 3 });
const { call, persona, createPost, createFlick } = factories(built);

// The clock stands still, so the comments of a test fall in one minute however slow the machine.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("comments per member and minute", () => {
  it("refuses a member's comments past the limit, posts and flicks together, storing nothing", async () => {
    const [alice, bob, carol] = await Promise.all([persona("alice"), persona("bob"), persona("carol")]);
    const post = await createPost(alice);
    const flick = await createFlick(alice);
    const comment = (member: typeof bob, path: string) => call(member, "POST", path, { text: "Nice!" });

    expect((await comment(bob, `/posts/${post._id}/comment`)).statusCode).toBe(201);
    expect((await comment(bob, `/flicks/${flick._id}/comment`)).statusCode).toBe(201);
    expect((await comment(bob, `/posts/${post._id}/comment`)).statusCode).toBe(201);
    const refused = await comment(bob, `/flicks/${flick._id}/comment`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: "You're commenting too fast. Please wait a moment." });
    expect((await call(alice, "GET", `/posts/${flick._id}`)).json().post.commentsCount).toBe(1);

    // Another member's comments are theirs to count, and the next minute is a new one.
    expect((await comment(carol, `/posts/${post._id}/comment`)).statusCode).toBe(201);
    vi.setSystemTime(Date.now() + 60_000);
    expect((await comment(bob, `/flicks/${flick._id}/comment`)).statusCode).toBe(201);
  });
});
