import { z } from "zod";
import { FLICK_REACTION_MAX_LENGTH } from "./constants.js";
import { textSchema } from "./text.js";
import { graphemesOf } from "./text-input.js";

/**
 * A flick is a post with a video (spec §3 Flick): it shares its likes, comments and shares with the post
 * it is, so `_id` is the post's id and every post call works on it too.
 */
export interface Flick {
  _id: string;
  videoUrl: string;
  /** The post's caption. */
  description: string;
  uploadedBy: { _id: string; username: string; fullName: string; avatar: string };
  likesCount: number;
  sharesCount: number;
  commentsCount: number;
  /** The newest comments (at most FLICK_COMMENTS_LISTED), oldest first. */
  comments: FlickComment[];
  /** The newest reactions (at most POST_LIKES_LISTED), and the viewer's own whenever there is one. */
  reactionByUser: FlickReaction[];
  /** The viewer's reaction, for convenience: the same as their entry in reactionByUser. */
  isLiked: boolean;
  isMyFlick: boolean;
  createdAt: string;
}

export interface FlickReaction {
  user: { _id: string; username: string };
  emoji: string;
}

export interface FlickComment {
  _id: string;
  text: string;
  createdAt: string;
  user: { _id: string; username: string; avatar: string };
}

export interface FlicksPage {
  flicks: Flick[];
  nextCursor: string | null;
}

/**
 * One emoji, however many code points draw it (👍🏽, 👩‍👩‍👧, 🇯🇵): one character as a reader sees it, a
 * pictograph or a flag's two letters (one alone shows as a boxed letter).
 */
function isOneEmoji(emoji: string): boolean {
  if (graphemesOf(emoji).length !== 1) return false;
  return /\p{Extended_Pictographic}/u.test(emoji) || /^\p{Regional_Indicator}{2}$/u.test(emoji);
}

/**
 * POST /flicks/{id}/like. Spec §7 has an optional emoji; `liked` (our addition) sets the state instead of
 * toggling it, so that a double tap never unlikes and a retried call does the same thing twice.
 * Without `liked` the call toggles; with an emoji on a flick already liked, it changes the reaction.
 */
export const flickLikeBody = z
  .object({
    emoji: textSchema("emoji must be text")
      .trim()
      .min(1, "emoji cannot be empty")
      .max(FLICK_REACTION_MAX_LENGTH, `emoji is at most ${FLICK_REACTION_MAX_LENGTH} characters`)
      .refine((emoji) => /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(emoji), {
        message: "emoji must be an emoji",
        abort: true,
      })
      .refine(isOneEmoji, "emoji must be a single emoji")
      .optional(),
    liked: z.boolean("liked must be true or false").optional(),
  })
  // A call without a body is a plain toggle.
  .nullish();
export type FlickLikeBody = z.input<typeof flickLikeBody>;

export interface FlickLikeResponse {
  reactionByUser: FlickReaction[];
  likesCount: number;
  isLiked: boolean;
}

/** POST /flicks/{id}/comment answers the new comment (spec §7). */
export interface FlickCommentResponse {
  comment: FlickComment;
  commentsCount: number;
}

/** The path a reel share link has (spec §2: /reel/{id}). */
export const reelPath = (id: string) => `/reel/${encodeURIComponent(id)}`;
