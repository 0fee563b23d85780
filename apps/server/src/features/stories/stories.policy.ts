import { STORY_LIFETIME_MS } from "@flik/shared";
import type { SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import {
  canSeeContentOf,
  contentVisibleTo,
  type Member,
  notBlockedBetween,
  type Relation,
} from "../users/users.policy.js";

/**
 * Who may see and touch a story (issue 17). Every route, service, query and socket emission of stories
 * asks here; who may see a member's content at all (private accounts, blocks) is the users policy's.
 */

/** A story as the rules need it: its owner and times, the author, and the viewer's relation to them. */
export interface StoryAccess {
  story: { userId: string; createdAt: Date; expiredAt: Date | null };
  author: Member;
  relation: Relation;
}

/** The oldest a story may be made and still be live at `now` (ms): what every list compares with. */
export function liveSince(now: number): Date {
  return new Date(now - STORY_LIFETIME_MS);
}

/**
 * Whether the story still lives: younger than 24 hours by the clock. The expiry job's mark only ever
 * follows what the clock says already; a story it marked is gone even if a clock disagrees.
 */
export function isLive(story: StoryAccess["story"], now: number): boolean {
  return story.expiredAt === null && story.createdAt.getTime() > liveSince(now).getTime();
}

/** The rule is shared: the app asks it too, before it sends a story's file. */
export { canShareAnotherStory } from "@flik/shared";

export function isOwnStory(viewerId: string, story: { userId: string }): boolean {
  return story.userId === viewerId;
}

/**
 * May the viewer see the story? Its owner always (live, or in their archive); anyone else only while
 * it lives and only if they may see the author's content. To anyone else it does not exist (404).
 */
export function canSeeStory(viewerId: string, access: StoryAccess, now: number): boolean {
  if (isOwnStory(viewerId, access.story)) return true;
  return isLive(access.story, now) && canSeeContentOf(viewerId, access.author, access.relation);
}

/**
 * May the viewer see the member's live stories, their profile's ring (as Instagram shows a public
 * account's to anyone)? Whoever may see their content: themselves, anyone for a public member, a
 * follower for a private one, never across a block.
 */
export function canSeeStoriesOf(viewerId: string, author: Member, relation: Relation): boolean {
  return canSeeContentOf(viewerId, author, relation);
}

/** Only the owner deletes a story and sees who viewed it (spec §6). */
export function canDeleteStory(viewerId: string, story: { userId: string }): boolean {
  return isOwnStory(viewerId, story);
}
export function canSeeViewersOf(viewerId: string, story: { userId: string }): boolean {
  return isOwnStory(viewerId, story);
}

/** Opening a story counts as a view, except the owner's own (spec §6: own stories are not marked viewed). */
export function countsAsView(viewerId: string, story: { userId: string }): boolean {
  return !isOwnStory(viewerId, story);
}

/** Whose stories fill a member's strip, in SQL: of their own and the members they follow, those whose content they may see. */
export function storyAuthorVisibleTo(
  db: Db,
  viewerId: string,
  member: { id: AnyPgColumn; isPrivate: AnyPgColumn },
): SQL<boolean> {
  return contentVisibleTo(db, viewerId, member);
}

/** Which viewers of a story its owner is shown, in SQL: none blocked either way with the owner. */
export function viewerShownTo(db: Db, ownerId: string, viewerId: AnyPgColumn): SQL {
  return notBlockedBetween(db, ownerId, viewerId);
}
