import { type Flick, rooms } from "@flik/shared";
import type { FlikIo } from "../../realtime/realtime.js";
import type { Audience } from "../users/users.policy.js";

/** Whom the posts policy lets hear of an author's flick, and how to list the followers when asked. */
type Listeners = { authorId: string; audience: Audience; followerIds: () => Promise<string[]> };

/**
 * newReel and flickDeleted reach every open flicks feed (room `flicks`) or, when the policy says the
 * author's followers only, their rooms and the author's own; never a member blocked either way with
 * the author.
 */
export function createFlickEvents(io: FlikIo) {
  async function to(listeners: Listeners) {
    const except = rooms.blockedWith(listeners.authorId);
    if (listeners.audience === "everyone") return io.to(rooms.flicks).except(except);
    const members = [listeners.authorId, ...(await listeners.followerIds())];
    return io.to(members.map(rooms.user)).except(except);
  }
  return {
    async created(flick: Flick, listeners: Listeners) {
      (await to(listeners)).emit("newReel", { flick });
    },
    async deleted(event: { flickId: string; videoUrl: string }, listeners: Listeners) {
      (await to(listeners)).emit("flickDeleted", { ...event, uploadedBy: listeners.authorId });
    },
  };
}

export type FlickEvents = ReturnType<typeof createFlickEvents>;
