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
export const FULL_NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;
