import { type RoomEvents, useSocketRoom } from "../../realtime/use-socket-room";

const PROFILE_WATCH: RoomEvents = ["watchProfile", "unwatchProfile"];

/**
 * An open profile of another member hears them go private or public (memberPrivacyChanged), which its
 * grid alone would not: a locked profile, or one with no posts, watches none of their posts.
 */
export function useWatchProfile(userId: string | null): void {
  useSocketRoom(PROFILE_WATCH, userId);
}
