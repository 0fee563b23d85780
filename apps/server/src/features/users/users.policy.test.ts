import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema.js";
import { apiCaller, buildTestApp, personas, signUpAndIn } from "../../test/helper.js";
import { canSeeContentOf, contentVisibleTo, relationTo } from "./users.policy.js";

const built = await buildTestApp();
const { db } = built.database;
const call = apiCaller(built);

describe("who may see a member's content", () => {
  it("public members, oneself, and followers of private ones", () => {
    const viewer = "viewer";
    const publicMember = { id: "p", isPrivate: false };
    const privateMember = { id: "q", isPrivate: true };
    expect(canSeeContentOf(viewer, publicMember, { isFollower: false })).toBe(true);
    expect(canSeeContentOf(viewer, privateMember, { isFollower: false })).toBe(false);
    expect(canSeeContentOf(viewer, privateMember, { isFollower: true })).toBe(true);
    expect(canSeeContentOf("q", privateMember, { isFollower: false })).toBe(true);
  });

  it("says the same in SQL as in code, for every kind of member", async () => {
    const viewer = await signUpAndIn(built, personas.alice);
    const publicMember = await signUpAndIn(built, personas.bob);
    const followedPrivate = await signUpAndIn(built, personas.carol);
    const strangerPrivate = await signUpAndIn(built, personas.dan);
    await call(viewer, "POST", `/follow/${followedPrivate.userId}`);
    await db
      .update(users)
      .set({ isPrivate: true })
      .where(inArray(users.id, [followedPrivate.userId, strangerPrivate.userId, viewer.userId]));

    const everyone = [viewer, publicMember, followedPrivate, strangerPrivate].map((member) => member.userId);
    const rows = await db
      .select({
        id: users.id,
        isPrivate: users.isPrivate,
        relation: relationTo(db, viewer.userId, users.id),
        visibleInSql: contentVisibleTo(db, viewer.userId, {
          id: users.id,
          isPrivate: users.isPrivate,
        }).mapWith(Boolean),
      })
      .from(users)
      .where(inArray(users.id, everyone));

    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(Boolean(row.visibleInSql)).toBe(canSeeContentOf(viewer.userId, row, row.relation));
    }
    const seen = rows.filter((row) => canSeeContentOf(viewer.userId, row, row.relation)).map((row) => row.id);
    expect(seen.sort()).toEqual([viewer.userId, publicMember.userId, followedPrivate.userId].sort());
    await db.update(users).set({ isPrivate: false }).where(eq(users.id, viewer.userId));
  });
});
