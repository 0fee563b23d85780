import { rooms } from "@flik/shared";
import type { Db } from "../../db/database.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import type { FlikIo } from "../../realtime/realtime.js";
import { countFollowers, followedMemberNow } from "./follows.queries.js";

/**
 * Spec §7's postFollowed: a follow made (an accepted request too) or undone, told to both members'
 * rooms. The follower's other tabs set the Follow buttons on that member's posts, profile and lists;
 * the followed member's tabs show their new follower count. No one else hears of it, and a follow
 * never stands across a block (blocking removes it without this event). A request made, and one that
 * closes unanswered, is told to the requester alone (followRequestSent, followRequestClosed).
 */
export function emitFollowChanges(deps: { db: Db; io: FlikIo; domainEvents: DomainEvents }): void {
  const { db, io, domainEvents } = deps;
  // One member's follow events reach the tabs in the order they were made, each with the count after
  // it: a follow undone at once never leaves a tab on "Following", nor a count going back. Keyed by the
  // member followed (not the pair) for the count's sake; each waits only for one indexed read before it.
  // Likewise a request made and withdrawn at once: its two events reach the requester's tabs in that
  // order, or a tab would be left on "Requested" (each waits for a count first).
  const inOrder = createKeyedQueue();
  const tell = (followerIds: string[], followeeId: string, isFollowed: boolean, removed?: true) =>
    inOrder(`followed:${followeeId}`, async () => {
      const { followersCount, isPrivate } = await followedMemberNow(db, followeeId);
      // A removal says whether the member is private: only then does the follower lose her posts and
      // flicks, and a tab that knows her only by a flick (which does not say) could not tell.
      const removal = removed && { removed, isPrivate };
      for (const followerId of followerIds)
        io.to([rooms.user(followerId), rooms.user(followeeId)]).emit("postFollowed", {
          userId: followeeId,
          followerId,
          isFollowed,
          followersCount,
          ...removal,
        });
    });
  domainEvents.on("memberFollowed", ({ followerId, followeeId }) => tell([followerId], followeeId, true));
  domainEvents.on("memberUnfollowed", ({ followerId, followeeId, removed }) =>
    tell([followerId], followeeId, false, removed),
  );
  domainEvents.on("followRequestsAccepted", ({ requesterIds, targetId }) =>
    tell(requesterIds, targetId, true),
  );
  // The requester's other tabs: their "Follow" reads "Requested" (the member asked has a notification).
  domainEvents.on("followRequested", ({ requesterId, targetId }) =>
    inOrder(`${requesterId}:${targetId}`, async () => {
      const followersCount = await countFollowers(db, targetId);
      io.to(rooms.user(requesterId)).emit("followRequestSent", { userId: targetId, followersCount });
    }),
  );
  // Only the requester's tabs: the member asked has nothing to change, and a follow says itself.
  domainEvents.on("followRequestClosed", ({ requesterId, targetId, outcome }) =>
    inOrder(`${requesterId}:${targetId}`, async () => {
      if (outcome === "followed") return;
      const followersCount = await countFollowers(db, targetId);
      io.to(rooms.user(requesterId)).emit("followRequestClosed", { userId: targetId, followersCount });
    }),
  );
}

/**
 * Runs each task after the last one given the same key has settled; a key is forgotten once its
 * queue is empty, so it holds only what is in flight.
 */
function createKeyedQueue() {
  const tails = new Map<string, Promise<void>>();
  return (key: string, task: () => Promise<void>): Promise<void> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => {});
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
