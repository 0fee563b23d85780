import {
  type createStoryBody,
  mediaTypeOfUrl,
  STORY_LIMIT_REACHED,
  type StoriesResponse,
  type Story,
  type StoryArchivePage,
  type StoryViewersResponse,
} from "@flik/shared";
import type { z } from "zod";
import type { Db } from "../../db/database.js";
import { pgErrorOf } from "../../db/database.js";
import { oneAtATimeFor } from "../../db/member-lock.js";
import type { Caller } from "../../platform/caller.js";
import type { Clock } from "../../platform/clock.js";
import { decodeCursor, pageOf } from "../../platform/cursor.js";
import { forbidden, notFound, tooManyRequests } from "../../platform/errors.js";
import type { FollowsService } from "../follows/follows.service.js";
import type { MediaUploads } from "../media/media.uploads.js";
import type { Member, Relation } from "../users/users.policy.js";
import type { StoryEvents } from "./stories.events.js";
import {
  canDeleteStory,
  canSeeStoriesOf,
  canSeeStory,
  canSeeViewersOf,
  canShareAnotherStory,
  countsAsView,
  isLive,
  liveSince,
} from "./stories.policy.js";
import { groupStories, presentStory, presentViewer } from "./stories.presenter.js";
import {
  archivePage,
  deleteStory,
  findStoryAs,
  insertStory,
  liveStoriesCountOf,
  liveStoriesOf,
  recordView,
  stripOf,
  viewersOf,
} from "./stories.queries.js";

/**
 * How many of a story's newest viewers the owner is shown (the count says how many there are in all),
 * like a post's newest likers: one story of a popular member can have many thousands.
 */
export const STORY_VIEWERS_LISTED = 200;

type PageQuery = { limit: number; cursor?: string | undefined };

const storyNotFound = () => notFound("Story not found");
/** A foreign key violation: the story was deleted while the view was being stored. */
const FOREIGN_KEY_VIOLATION = "23503";

export type StoriesService = ReturnType<typeof createStoriesService>;

export function createStoriesService(deps: {
  db: Db;
  follows: Pick<FollowsService, "followerIdsOf">;
  events: StoryEvents;
  clock: Clock;
  /** Who uploaded which kept file: a story's media must be its owner's own (media.policy). */
  uploads: Pick<MediaUploads, "checkUploaded">;
}) {
  const { db, follows, events, clock, uploads } = deps;

  /** The story if the caller may see it (their own, live or archived; another's while it lives), else 404. */
  async function visible(caller: Caller, storyId: string) {
    const row = await findStoryAs(db, caller.userId, storyId);
    if (!row || !canSeeStory(caller.userId, row, clock())) throw storyNotFound();
    return row;
  }

  return {
    /** GET /stories: the caller's strip, grouped by author, in one query whatever the number of groups. */
    async strip(caller: Caller): Promise<StoriesResponse> {
      const rows = await stripOf(db, caller.userId, liveSince(clock()));
      return { stories: groupStories(rows, caller.userId) };
    },

    /**
     * GET /stories/user/{username} (an extension): the member's live stories as one group of the strip
     * (none when there are none, or the caller may not see them), for their profile's ring.
     */
    async ofMember(caller: Caller, member: Member & { relation: Relation }): Promise<StoriesResponse> {
      if (!canSeeStoriesOf(caller.userId, member, member.relation)) return { stories: [] };
      const rows = await liveStoriesOf(db, caller.userId, member.id, liveSince(clock()));
      return { stories: groupStories(rows, caller.userId) };
    },

    /** GET /stories/archive: the caller's own stories, live and expired, newest first. */
    async archive(caller: Caller, query: PageQuery): Promise<StoryArchivePage> {
      const rows = await archivePage(db, caller.userId, query.limit + 1, decodeCursor(query.cursor));
      const page = pageOf(rows, query.limit, (row) => ({ createdAt: row.story.createdAt, id: row.story.id }));
      return {
        stories: page.rows.map((row) => presentStory(row, caller.userId)),
        nextCursor: page.nextCursor,
      };
    },

    /**
     * Refused with 429 past LIVE_STORIES_MAX live stories; a member's stories are counted and made one
     * at a time, so a burst of requests cannot pass the count together.
     */
    async create(caller: Caller, input: z.output<typeof createStoryBody>): Promise<Story> {
      await uploads.checkUploaded(caller, "url", input.url);
      const now = clock();
      const row = await oneAtATimeFor(db, "story", caller.userId, async (tx) => {
        if (!canShareAnotherStory(await liveStoriesCountOf(tx, caller.userId, liveSince(now)))) {
          throw tooManyRequests(STORY_LIMIT_REACHED);
        }
        return insertStory(tx, {
          userId: caller.userId,
          mediaUrl: input.url,
          mediaType: mediaTypeOfUrl(input.url),
          createdAt: new Date(now),
        });
      });
      const story = presentStory(row, caller.userId);
      events.created(story, await follows.followerIdsOf(caller.userId));
      return story;
    },

    async remove(caller: Caller, storyId: string): Promise<void> {
      const { story } = await visible(caller, storyId);
      if (!canDeleteStory(caller.userId, story)) throw forbidden("Only the owner can delete this story");
      const wasLive = isLive(story, clock());
      await deleteStory(db, storyId);
      // An expired story is in no follower's strip any more: only the owner's other tabs hear of it.
      events.deleted(
        { storyId, ownerId: story.userId },
        wasLive ? await follows.followerIdsOf(story.userId) : [],
      );
    },

    /**
     * POST /stories/{id}/view: marks the story viewed by the caller, once however often they open it;
     * the owner's own views are neither stored nor counted. The owner hears of a new viewer live.
     */
    async view(caller: Caller, storyId: string): Promise<{ message: string; viewersCount: number }> {
      const { story } = await visible(caller, storyId);
      if (!countsAsView(caller.userId, story)) {
        return { message: "Story viewed", viewersCount: story.viewersCount };
      }
      const at = new Date(clock());
      const recorded = await recordView(db, storyId, caller.userId, at).catch((error: unknown) => {
        if (pgErrorOf(error)?.code === FOREIGN_KEY_VIOLATION) throw storyNotFound();
        throw error;
      });
      if (!recorded) throw storyNotFound();
      if (recorded.newly) {
        events.viewed({
          storyId,
          ownerId: story.userId,
          viewer: presentViewer({ ...recorded.viewer, viewedAt: at }),
          viewersCount: recorded.viewersCount,
        });
      }
      return { message: "Story viewed", viewersCount: recorded.viewersCount };
    },

    /** GET /stories/{id}/viewers: the owner's alone (403 for another who may see it), newest view first. */
    async viewers(caller: Caller, storyId: string): Promise<StoryViewersResponse> {
      const { story } = await visible(caller, storyId);
      if (!canSeeViewersOf(caller.userId, story))
        throw forbidden("Only the owner can see who viewed this story");
      const rows = await viewersOf(db, storyId, story.userId, STORY_VIEWERS_LISTED);
      return { viewers: rows.map(presentViewer), viewersCount: story.viewersCount };
    },
  };
}
