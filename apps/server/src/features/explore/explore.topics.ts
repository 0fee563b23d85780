import type { ExploreTab } from "@flik/shared";

/**
 * The tags of each explore topic (issue 18): a post carrying any of them is in the topic's tab, newest
 * first. Lower case, as tags are stored (normalizeTag). The README lists them.
 */
export const EXPLORE_TOPICS: Record<Exclude<ExploreTab, "for-you">, readonly string[]> = {
  music: [
    "music",
    "song",
    "songs",
    "concert",
    "livemusic",
    "guitar",
    "piano",
    "drums",
    "band",
    "singer",
    "dj",
    "vinyl",
    "hiphop",
    "jazz",
    "newmusic",
    "playlist",
  ],
  gaming: [
    "gaming",
    "game",
    "games",
    "gamer",
    "esports",
    "videogames",
    "pcgaming",
    "playstation",
    "xbox",
    "nintendo",
    "retrogaming",
    "speedrun",
    "indiegames",
    "twitch",
  ],
};
