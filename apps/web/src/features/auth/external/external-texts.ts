/** Said when an external sign-in or a hand-off fails for any reason the server did not put in words. */
export const EXTERNAL_SIGN_IN_FAILED = "Couldn't sign you in. Try again.";

/** Said when the way to the provider could not be opened (it did not answer, or the page is offline). */
export const providerUnreachable = (provider: string) =>
  `We couldn't reach ${provider}. Please try again in a moment.`;
