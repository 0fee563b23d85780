/** Business constants of spec §9, shared by server and web so the two never drift. */
export const BIO_MAX_LENGTH = 150;
export const OTP_LENGTH = 6;
export const TOKEN_NEAR_EXPIRY_SECONDS = 300;
export const SIGNUP_REDIRECT_MS = 1500;
export const PASSWORD_CHANGE_LOGOUT_MS = 2000;
export const TOAST_AUTO_CLOSE_MS = { login: 3000, signup: 2000, default: 5000 } as const;
export const TYPING_STOP_MS = 1500;
export const SEARCH_DEBOUNCE_MS = 300;
export const EXPLORE_SEARCH_MIN_CHARS = 2;
export const STORY_DEFAULT_DURATION_MS = 5000;
export const STORY_PROGRESS_TICK_MS = 50;
export const SECURITY_SCORE_PERCENT = 75;
export const AVATAR_OUTPUT_SIZE = 300;

/** Limits the spec leaves open ("not shown"); chosen here once for both sides. */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;

/** The letters of a username: letters, numbers, periods and underscores. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._]+$/;

/**
 * Whether some member could have this username (an address naming anything else names nobody). Here,
 * not beside the zod schemas: a screen on the feed's path asks it, and the schemas would come with it.
 */
export const isPossibleUsername = (name: string) =>
  name.length >= USERNAME_MIN_LENGTH && name.length <= USERNAME_MAX_LENGTH && USERNAME_PATTERN.test(name);
export const FULL_NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;

/** Posts (limits the spec leaves open). */
export const POST_CAPTION_MAX_LENGTH = 2200;
export const POST_LOCATION_MAX_LENGTH = 100;
export const POST_TAGS_MAX_LENGTH = 300;
export const COMMENT_MAX_LENGTH = 1000;
export const MEDIA_URL_MAX_LENGTH = 2048;
/**
 * The largest width or height a post's media may declare: the most a JPEG, GIF or WebP header can hold
 * (a PNG could declare more, but MEDIA_MAX_PIXELS refuses such an image at upload anyway).
 */
export const MEDIA_DIMENSION_MAX = 65_535;
/** How many likers a post lists (newest first), and how many comments a feed card and a post show. */
export const POST_LIKES_LISTED = 50;
/** How many likers each post of a page (feed, profile grid) lists: a page stays small however liked. */
export const PAGE_LIKES_LISTED = 10;
export const FEED_COMMENTS_LISTED = 2;
export const POST_COMMENTS_LISTED = 100;
/** How many older comments "View older comments" loads at a time (GET /posts/{id}/comments). */
export const OLDER_COMMENTS_PAGE_SIZE = 50;

/** Profiles. How many of the newest followers' and followings' ids GET /user carries. */
export const FOLLOW_IDS_LISTED = 100;
export const WEBSITE_MAX_LENGTH = 200;
export const HIGHLIGHT_NAME_MAX_LENGTH = 30;
/** How many highlights a member may keep: `GET /highlights` comes whole. */
export const HIGHLIGHTS_MAX = 100;

/** A member keeps at most HIGHLIGHTS_MAX highlights: a new one waits until one is deleted. */
export function canAddHighlight(highlightsKept: number): boolean {
  return highlightsKept < HIGHLIGHTS_MAX;
}

/** Said (409) of a highlight past HIGHLIGHTS_MAX; the app says it before the file is sent, when it knows. */
export const HIGHLIGHTS_LIMIT_REACHED = `You can keep up to ${HIGHLIGHTS_MAX} highlights. Delete one to add another.`;

/** Flicks (spec §4 and §9). */
export const FLICK_DOUBLE_TAP_MS = 300;
export const FLICK_AUTOPLAY_VISIBILITY = 0.7;
export const FLICK_MUTE_INDICATOR_MS = 800;
export const FLICK_LIKE_HEART_MS = 700;
export const FLICK_TOAST_MS = 3000;
/** Spec §9 gives the panel's height as "60 percent of screen height". */
export const FLICK_COMMENTS_PANEL_VH = 60;
/** The reaction a like carries when the member picks no emoji. */
export const DEFAULT_FLICK_REACTION = "❤️";
export const FLICK_REACTION_MAX_LENGTH = 16;
/**
 * How many comments a flick carries in the feed; the panel loads the post's (POST_COMMENTS_LISTED), then
 * older ones a page at a time.
 */
export const FLICK_COMMENTS_LISTED = 20;

/** Chat and messages (limits the spec leaves open). */
export const MESSAGE_MAX_LENGTH = 4000;
export const CHAT_NAME_MAX_LENGTH = 60;
export const GROUP_CHAT_MAX_MEMBERS = 50;
export const CHAT_SEARCH_MAX_LENGTH = 100;

export const GENDERS = ["male", "female", "other", "prefer_not_to_say"] as const;
export type Gender = (typeof GENDERS)[number];

/** Spec §2's labels of the gender select. */
export const GENDER_LABELS: Record<Gender, string> = {
  male: "Male",
  female: "Female",
  other: "Other",
  prefer_not_to_say: "Prefer not to say",
};

/** Account and settings (spec §9, and limits it leaves open). */
export const OTP_VALID_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
/** A code whose OTP_MAX_ATTEMPTS tries are spent: only a new one can be entered (the app offers Resend). */
export const TOO_MANY_WRONG_CODES = "Too many wrong codes. Request a new code.";
export const FORGOT_PASSWORD_RESEND_SECONDS = 30;
export const EMAIL_CHANGE_RESEND_SECONDS = 60;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;

/** DELETE /user's answer, and what the sign-in screen then says (here, apart from the schemas: the sign-out reads it). */
export const ACCOUNT_DELETED_MESSAGE = "Your account has been deleted.";
