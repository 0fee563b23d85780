/** Said when an external sign-in or a hand-off fails for any reason the server did not put in words. */
export const EXTERNAL_SIGN_IN_FAILED = "Couldn't sign you in. Try again.";
