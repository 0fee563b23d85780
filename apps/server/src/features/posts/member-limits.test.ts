import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";

/** COMMENT_RATE_LIMIT and SHARE_RATE_LIMIT, here three a minute, each over posts and flicks together. */
const built = await buildTestApp({ commentRateLimit: 3, shareRateLimit: 3 });
const { call, persona, createPost, createFlick } = factories(built);

// The clock stands still, so the comments of a test fall in one minute however slow the machine.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("comments and shares per member and minute", () => {
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

  it("refuses a member's shares past the limit, posts and flicks together, counting nothing", async () => {
    const [erin, frank] = await Promise.all([persona("erin"), persona("frank")]);
    const flick = await createFlick(erin);
    const share = (path: string) => call(frank, "POST", path);

    for (const path of [
      `/posts/${flick._id}/share`,
      `/flicks/${flick._id}/share`,
      `/posts/${flick._id}/share`,
    ]) {
      expect((await share(path)).statusCode).toBe(200);
    }
    const refused = await share(`/flicks/${flick._id}/share`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: "You're sharing too fast. Please wait a moment." });
    expect((await call(erin, "GET", `/posts/${flick._id}`)).json().post.sharesCount).toBe(3);
  });
});
