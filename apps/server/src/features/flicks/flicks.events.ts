import { type Flick, rooms } from "@flik/shared";
import type { FlikIo } from "../../realtime/realtime.js";
import type { Audience } from "../users/users.policy.js";

/** Whom the posts policy lets hear of an author's flick, and how to list the followers when asked. */
type Listeners = { authorId: string; audience: Audience; followerIds: () => Promise<string[]> };

/**
 * newReel and flickDeleted reach the rooms of the author's followers and the author's own, as newPost
 * does, wherever in the app they are; a public author's also every open flicks feed (room `flicks`).
 * Never a member blocked either way with the author. A socket in several of the rooms hears it once.
 */
export function createFlickEvents(io: FlikIo) {
  async function to(listeners: Listeners) {
    const members = [listeners.authorId, ...(await listeners.followerIds())].map(rooms.user);
    const audience = listeners.audience === "everyone" ? [rooms.flicks, ...members] : members;
    return io.to(audience).except(rooms.blockedWith(listeners.authorId));
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
