import { z } from "zod";
import type { MediaType } from "./media.js";
import { type MediaUrlSchema, mediaUrlSchema } from "./posts.js";

/** How long a story stays in the strip; after that it is only in its owner's archive (issue 17). */
export const STORY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * How many live stories a member may have at once (Instagram's 100 a day): the strip (`GET /stories`)
 * comes whole, so one member's stories must not make every follower's strip unbounded.
 */
export const LIVE_STORIES_MAX = 100;

/** A member has at most LIVE_STORIES_MAX live stories: another is shared once one expires or is deleted. */
export function canShareAnotherStory(liveStories: number): boolean {
  return liveStories < LIVE_STORIES_MAX;
}

/** Said (429) of a story past LIVE_STORIES_MAX; the app says it before the file is sent, when it knows. */
export const STORY_LIMIT_REACHED = `You can have up to ${LIVE_STORIES_MAX} stories at a time. Try again when one expires.`;

/** A story's author as the strip and the viewer show them. */
export interface StoryAuthor {
  _id: string;
  username: string;
  fullName: string;
  avatar: string;
}

/** Story of spec §3, as one member sees it. */
export interface Story {
  _id: string;
  /** The author. */
  user: StoryAuthor;
  mediaType: MediaType;
  mediaUrl: string;
  /** Members other than the owner who opened it; the owner's own views never count. */
  viewersCount: number;
  /** Whether the viewer has opened it (always true for the viewer's own stories). */
  viewed: boolean;
  createdAt: string;
  /** createdAt + 24 h: when it leaves every list. */
  expiresAt: string;
}

/**
 * GET /stories: the stories the member may see, one group per author: their own first, then authors with
 * stories they have not seen, newest first, then the rest, newest first. Within a group, oldest first
 * (the order they play in).
 */
export interface StoryGroup {
  user: StoryAuthor;
  stories: Story[];
  /** Every story of the group has been viewed by the viewer (the strip's muted ring). */
  allViewed: boolean;
}
export interface StoriesResponse {
  stories: StoryGroup[];
}

/** POST /stories answers the new story. */
export interface StoryResponse {
  story: Story;
}

/** GET /stories/archive (an extension): the member's own stories, live and expired, newest first, paged. */
export interface StoryArchivePage {
  stories: Story[];
  nextCursor: string | null;
}

/** Viewer of spec §3 (GET /stories/{id}/viewers, owner only), newest view first. */
export interface StoryViewer {
  _id: string;
  username: string;
  fullName: string;
  avatar: string;
  viewedAt: string;
}
export interface StoryViewersResponse {
  viewers: StoryViewer[];
  viewersCount: number;
}

/**
 * POST /stories: the uploaded media's URL, by `mediaUrl`'s rule; its type follows from the URL (spec §3:
 * .mp4 means video).
 */
export const createStoryBodyFor = (mediaUrl: MediaUrlSchema) => z.object({ url: mediaUrl });
export const createStoryBody = createStoryBodyFor(mediaUrlSchema);
export type CreateStoryBody = z.input<typeof createStoryBody>;
