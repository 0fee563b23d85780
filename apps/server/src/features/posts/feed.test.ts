import { beforeAll, describe, expect, it } from "vitest";
import { decodeCursor, pageOf } from "../../platform/cursor.js";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import { feedPageStatement } from "./posts.queries.js";

/**
 * The feed statement has two plans (the community's newest posts, or a walk per followed member) and
 * must give the same pages whichever runs: a window of 1 post forces the walk, a large one the window.
 */
const built = await buildTestApp();
const { persona, createPost, createFlick, follow } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");
const dan = await persona("dan");

const expected: string[] = [];
beforeAll(async () => {
  await follow(bob, alice);
  await follow(bob, carol);
  for (let round = 0; round < 4; round++) {
    for (const author of [alice, dan, carol, bob, alice]) {
      const post = round % 2 === 0 ? await createPost(author) : await createFlick(author);
      if (author !== dan) expected.unshift(post._id);
    }
  }
});

/** Every page of bob's feed, `limit` at a time, as the feed route reads them. */
async function allPages(limit: number, recentWindow: number) {
  const ids: string[] = [];
  let cursor: string | null | undefined;
  do {
    const rows = await feedPageStatement(
      built.database.db,
      bob.userId,
      limit + 1,
      decodeCursor(cursor ?? undefined),
      recentWindow,
    );
    const page = pageOf(rows, limit, (row) => row.post);
    ids.push(...page.rows.map((row) => row.post.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

describe("the feed's two plans", () => {
  it.each([1, 3, 7])(
    "give the same pages of %i: own posts and followed members', newest first",
    async (limit) => {
      const walked = await allPages(limit, 1);
      const windowed = await allPages(limit, 1000);
      expect(walked).toEqual(expected);
      expect(windowed).toEqual(expected);
    },
  );

  it("agree when the window holds only part of a page", async () => {
    expect(await allPages(5, 4)).toEqual(expected);
  });
});
