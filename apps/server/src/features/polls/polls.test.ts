import type { Poll } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";

/**
 * The explore poll (issue 18): the migration's poll is the current one; each member votes once and
 * sees the results only after voting.
 */
const built = await buildTestApp();
const { call, persona } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");

const current = async (who = alice) => {
  const response = await call(who, "GET", "/polls/current");
  expect(response.statusCode).toBe(200);
  return response.json().poll as Poll;
};
const vote = (who: typeof alice, poll: Poll, optionId: string | undefined) =>
  call(who, "POST", `/polls/${poll._id}/vote`, { optionId });

describe("GET /polls/current", () => {
  it("is the stored poll, without results for a member who has not voted", async () => {
    const poll = await current(carol);
    expect(poll.question).toBe("What should we explore next?");
    expect(poll.options.map((option) => option.text)).toEqual([
      "Live music",
      "Indie games",
      "Street food",
      "Hiking trails",
    ]);
    expect(poll.options.every((option) => option.votes === null)).toBe(true);
    expect(poll).toMatchObject({ myVote: null, totalVotes: null });
  });
});

describe("POST /polls/{id}/vote", () => {
  it("counts one vote per member and shows the results to those who voted", async () => {
    const poll = await current(alice);
    const [music, games] = poll.options;
    const first = await vote(alice, poll, music?._id);
    expect(first.statusCode).toBe(200);
    // Other tests of this file vote too (in any order): counts are compared, not taken as they are.
    const after = first.json().poll as Poll;
    const votes = (of: Poll) => of.options.map((option) => option.votes ?? -1);
    expect(after.myVote).toBe(music?._id);
    expect(after.totalVotes).toBe(votes(after).reduce((sum, n) => sum + n, 0));
    expect(votes(after)[0]).toBeGreaterThanOrEqual(1);
    await vote(bob, poll, games?._id);
    const seen = await current(alice);
    expect(seen.totalVotes).toBe((after.totalVotes ?? 0) + 1);
    expect(votes(seen)).toEqual(votes(after).map((n, i) => (i === 1 ? n + 1 : n)));
    expect((await current(carol)).totalVotes).toBeNull();
  });

  it("refuses a second vote, even for another option, and keeps the first", async () => {
    const dan = await persona("dan");
    const poll = await current(dan);
    const [first, second] = poll.options;
    expect((await vote(dan, poll, first?._id)).statusCode).toBe(200);
    const again = await vote(dan, poll, second?._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "You already voted" });
    expect((await current(dan)).myVote).toBe(first?._id);
  });

  it("refuses an option of no poll, a missing or malformed option and an unknown poll", async () => {
    const erin = await persona("erin");
    const poll = await current(erin);
    const nowhere = await vote(erin, poll, crypto.randomUUID());
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json()).toMatchObject({
      message: "optionId must be an option of the poll",
      errors: [{ field: "optionId" }],
    });
    const missing = await vote(erin, poll, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: "optionId is required",
      errors: [{ field: "optionId" }],
    });
    const malformed = await call(erin, "POST", `/polls/${poll._id}/vote`, { optionId: 123 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: "optionId must be an option of the poll" });
    const unknown = await call(erin, "POST", `/polls/${crypto.randomUUID()}/vote`, {
      optionId: poll.options[0]?._id,
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await call(erin, "POST", "/polls/not-a-poll/vote", { optionId: poll.options[0]?._id })).statusCode,
    ).toBe(404);
    expect((await current(erin)).myVote).toBeNull();
  });

  it("refuses a visitor", async () => {
    const response = await built.app.inject({ method: "GET", url: "/api/polls/current" });
    expect(response.statusCode).toBe(401);
  });
});
