import { type Flick, rooms } from "@flik/shared";
import type { FlikIo } from "../../realtime/realtime.js";

type Audience = { authorId: string; isPrivate: boolean; followerIds: () => Promise<string[]> };

/**
 * newReel and flickDeleted reach every open flicks feed (room `flicks`) when the author is public; a
 * private member's flicks reach only their followers and themself.
 */
export function createFlickEvents(io: FlikIo) {
  async function to(audience: Audience) {
    if (!audience.isPrivate) return io.to(rooms.flicks);
    const members = [audience.authorId, ...(await audience.followerIds())];
    return io.to(members.map(rooms.user));
  }
  return {
    async created(flick: Flick, audience: Audience) {
      (await to(audience)).emit("newReel", { flick });
    },
    async deleted(event: { flickId: string; videoUrl: string }, audience: Audience) {
      (await to(audience)).emit("flickDeleted", { ...event, uploadedBy: audience.authorId });
    },
  };
}

export type FlickEvents = ReturnType<typeof createFlickEvents>;
