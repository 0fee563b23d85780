import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import {
  canSeeContentOf,
  canSeeMember,
  contentVisibleTo,
  notBlockedBetween,
  relationTo,
} from "./users.policy.js";

const built = await buildTestApp();
const { db } = built.database;
const { persona, follow, makePrivate, block } = factories(built);

describe("who may see a member's content", () => {
  it("public members, oneself, and followers of private ones", () => {
    const viewer = "viewer";
    const publicMember = { id: "p", isPrivate: false };
    const privateMember = { id: "q", isPrivate: true };
    const none = { isFollower: false, isRequested: false, isBlocked: false };
    expect(canSeeContentOf(viewer, publicMember, none)).toBe(true);
    expect(canSeeContentOf(viewer, privateMember, none)).toBe(false);
    expect(canSeeContentOf(viewer, privateMember, { ...none, isRequested: true })).toBe(false);
    expect(canSeeContentOf(viewer, privateMember, { ...none, isFollower: true })).toBe(true);
    expect(canSeeContentOf("q", privateMember, none)).toBe(true);
  });

  it("nothing of a member blocked either way, public or followed", () => {
    const blocked = { isFollower: false, isRequested: false, isBlocked: true };
    expect(canSeeContentOf("viewer", { id: "p", isPrivate: false }, blocked)).toBe(false);
    expect(canSeeContentOf("viewer", { id: "q", isPrivate: true }, { ...blocked, isFollower: true })).toBe(
      false,
    );
  });

  it("says the same in SQL as in code, for every kind of member", async () => {
    const viewer = await persona("alice");
    const publicMember = await persona("bob");
    const followedPrivate = await persona("carol");
    const strangerPrivate = await persona("dan");
    const blockedByViewer = await persona("erin");
    const blockingViewer = await persona("frank");
    await follow(viewer, followedPrivate);
    for (const member of [viewer, followedPrivate, strangerPrivate]) await makePrivate(member);
    await block(viewer, blockedByViewer);
    await block(blockingViewer, viewer);

    const everyone = [
      viewer,
      publicMember,
      followedPrivate,
      strangerPrivate,
      blockedByViewer,
      blockingViewer,
    ].map((member) => member.userId);
    const rows = await db
      .select({
        id: users.id,
        isPrivate: users.isPrivate,
        relation: relationTo(db, viewer.userId, users.id),
        visibleInSql: contentVisibleTo(db, viewer.userId, {
          id: users.id,
          isPrivate: users.isPrivate,
        }).mapWith(Boolean),
        memberInSql: notBlockedBetween(db, viewer.userId, users.id).mapWith(Boolean),
      })
      .from(users)
      .where(inArray(users.id, everyone));

    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(Boolean(row.visibleInSql)).toBe(canSeeContentOf(viewer.userId, row, row.relation));
      expect(Boolean(row.memberInSql)).toBe(canSeeMember(viewer.userId, row, row.relation));
    }
    const blockedIds = rows.filter((row) => row.relation.isBlocked).map((row) => row.id);
    expect(blockedIds.sort()).toEqual([blockedByViewer.userId, blockingViewer.userId].sort());
    const seen = rows.filter((row) => canSeeContentOf(viewer.userId, row, row.relation)).map((row) => row.id);
    expect(seen.sort()).toEqual([viewer.userId, publicMember.userId, followedPrivate.userId].sort());
  });
});
