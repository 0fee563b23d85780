import { describe, expect, it } from "vitest";
import { buildTestApp, personas, signUpAndIn } from "../../test/helper.js";

const built = await buildTestApp();
const { app } = built;
const alice = await signUpAndIn(built, personas.alice);
const bob = await signUpAndIn(built, personas.bob);

const call = (action: "follow" | "unfollow", userId: string, headers = alice.headers) =>
  app.inject({ method: "POST", url: `/api/${action}/${userId}`, headers });

describe("follow and unfollow", () => {
  it("follows and unfollows, and following twice is still one follow", async () => {
    expect((await call("follow", bob.userId)).json()).toEqual({ isFollowed: true, followersCount: 1 });
    expect((await call("follow", bob.userId)).json()).toEqual({ isFollowed: true, followersCount: 1 });
    expect((await call("unfollow", bob.userId)).json()).toEqual({ isFollowed: false, followersCount: 0 });
    expect((await call("unfollow", bob.userId)).json()).toEqual({ isFollowed: false, followersCount: 0 });
  });

  it("counts stay right when two members follow at once", async () => {
    const carol = await signUpAndIn(built, personas.carol);
    await Promise.all([
      call("follow", bob.userId),
      call("follow", bob.userId, carol.headers),
      call("follow", bob.userId),
    ]);
    expect((await call("follow", bob.userId, carol.headers)).json()).toEqual({
      isFollowed: true,
      followersCount: 2,
    });
  });

  it("refuses to follow yourself with 400", async () => {
    const response = await call("follow", alice.userId);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "You cannot follow yourself" });
  });

  it("answers 404 for an unknown member and 400 for a malformed id", async () => {
    const unknown = await call("follow", "00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Member not found" });
    expect((await call("follow", "bob")).statusCode).toBe(400);
  });

  it("needs a signed-in member", async () => {
    expect((await call("follow", bob.userId, {} as typeof alice.headers)).statusCode).toBe(401);
  });
});
