import { rooms, type Story, type StoryViewer } from "@flik/shared";
import type { FlikIo } from "../../realtime/realtime.js";

/**
 * Maps what happens to stories onto socket events, from the server's own data. A new or deleted story
 * reaches the rooms of the owner's followers (the strip shows only members one follows, and a private
 * member's followers are those they accepted) and the owner's own other tabs; a view reaches the owner.
 * Every event leaves out the sockets of members blocked either way with whoever caused it.
 */
export function createStoryEvents(io: FlikIo) {
  const toFollowers = (ownerId: string, followerIds: string[]) =>
    followerIds.length === 0
      ? undefined
      : io.to(followerIds.map(rooms.user)).except(rooms.blockedWith(ownerId));

  return {
    created(story: Story, followerIds: string[]) {
      const ownerId = story.user._id;
      // Each sees it as it is for them: followers have not seen it; it is the owner's own.
      toFollowers(ownerId, followerIds)?.emit("newStory", { story: { ...story, viewed: false } });
      io.to(rooms.user(ownerId)).emit("newStory", { story: { ...story, viewed: true } });
    },
    deleted(event: { storyId: string; ownerId: string }, followerIds: string[]) {
      const payload = { storyId: event.storyId, userId: event.ownerId };
      io.to([event.ownerId, ...followerIds].map(rooms.user))
        .except(rooms.blockedWith(event.ownerId))
        .emit("storyDeleted", payload);
    },
    viewed(event: { storyId: string; ownerId: string; viewer: StoryViewer; viewersCount: number }) {
      io.to(rooms.user(event.ownerId)).except(rooms.blockedWith(event.viewer._id)).emit("storyViewed", {
        storyId: event.storyId,
        viewer: event.viewer,
        viewersCount: event.viewersCount,
      });
    },
  };
}

export type StoryEvents = ReturnType<typeof createStoryEvents>;
