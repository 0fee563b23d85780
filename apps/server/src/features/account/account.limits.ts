/**
 * How often codes may be asked for, beyond each route's limit per client address (AUTH_RATE_LIMIT a
 * minute): per e-mail address asked about (forgot password) or per member (e-mail and phone changes),
 * so nobody's inbox or phone is flooded from many addresses.
 */
export const CODE_REQUESTS_PER_TARGET = { max: 5, windowMs: 15 * 60_000 };

/** Password changes a member may try (the current password guessed from a stolen session). */
export const PASSWORD_CHANGES_PER_MEMBER = { max: 10, windowMs: 15 * 60_000 };

export const codeRequestsRefused = (wait: string) => `Too many codes requested. Please try again in ${wait}.`;
export const passwordChangesRefused = (wait: string) =>
  `Too many password changes. Please try again in ${wait}.`;

/** Account deletions a member may try (each asks the password: guessed from a stolen session). */
export const ACCOUNT_DELETIONS_PER_MEMBER = { max: 10, windowMs: 15 * 60_000 };

export const accountDeletionsRefused = (wait: string) => `Too many attempts. Please try again in ${wait}.`;
