import { z } from "zod";
import type { AuthResponse } from "./auth.js";
import { textSchema } from "./text.js";

/**
 * External sign-in through any OpenID Connect provider (issue 19; spec §1, §4 "external identity sync",
 * §7 POST /auth/auth0). The server is configured by OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_AUDIENCE and
 * OIDC_NAME; the web app learns them at run time from GET /auth/providers.
 */

/** The provider the browser signs in with (Authorization Code with PKCE, in the browser). */
export interface ExternalProvider {
  /** The button's "Continue with {name}". */
  name: string;
  /** The issuer URL: the browser reads `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  /** Asked for as the `audience` parameter when set (Auth0's API audience); null otherwise. */
  audience: string | null;
  /** What is asked for: "openid profile email". */
  scope: string;
}

/** GET /auth/providers (an extension, public): null when external sign-in is off. */
export interface AuthProvidersResponse {
  oidc: ExternalProvider | null;
}

const optionalText = (max: number) => textSchema().trim().max(max).optional();

/**
 * POST /auth/auth0 (spec §7) body. The bearer is the provider's ID token; the member is found by the
 * token's (issuer, subject), never by this body: an `auth0Id` that differs from the token's subject is a
 * 401. The rest is only a hint; the token's claims win where they say something.
 */
export const externalSyncBody = z.object({
  auth0Id: optionalText(255),
  email: optionalText(254),
  fullName: optionalText(100),
  picture: optionalText(2048),
});
export type ExternalSyncBody = z.input<typeof externalSyncBody>;

/**
 * What POST /auth/auth0 answers (200 for a returning member, 201 for a new one): spec §7's token and
 * user, plus a one-time hand-off code (valid one minute, single use) for the spec's `/profile?token=`
 * hand-off to another browser tab or window.
 */
export interface ExternalSyncResponse extends AuthResponse {
  handoffCode: string;
  /** True when this sign-in made the member. */
  created: boolean;
}

/**
 * The 409 of POST /auth/auth0 when the token's e-mail belongs to an account that has not linked this
 * identity: never linked silently; the member signs in with their password and links it in Settings.
 */
export const EXTERNAL_EMAIL_IN_USE_CODE = "external_email_in_use";
export const externalEmailInUseMessage = (provider: string) =>
  `An account already uses this e-mail address. Sign in with your password, then link ${provider} in Settings › Linked sign-ins.`;

/** A used, expired, unknown or malformed code (or a session token put in its place): 400. */
export const HANDOFF_INVALID_MESSAGE = "This sign-in link has expired or was already used";
/**
 * The 400 of POST /auth/auth0 when a new member's token carries no e-mail address (nor the body): Flik
 * needs one (codes, notices); nothing is created.
 */
export const externalEmailMissingMessage = (provider: string) =>
  `${provider} did not share an e-mail address, and Flik needs one. Allow Flik to see your e-mail address, then try again.`;

/** The 404 of POST /auth/auth0 and POST /user/identities when external sign-in is not set up. */
export const EXTERNAL_SIGN_IN_OFF_MESSAGE = "External sign-in is not set up on this server";

/** Spec §2's `/profile?token=` carries only a hand-off code: exchanged once by POST /auth/handoff. */
export const handoffBody = z.object({
  // Too long to be a code (a session token is): the same answer as any other code that is not one.
  code: textSchema("code is required").trim().min(1, "code is required").max(200, HANDOFF_INVALID_MESSAGE),
});
export type HandoffBody = z.input<typeof handoffBody>;
/** POST /auth/handoff answers the session it hands over (the same shape as sign-in). */
export type HandoffResponse = AuthResponse;

/** One external sign-in linked to the member (GET /user/identities). */
export interface LinkedIdentity {
  id: string;
  /** The provider's display name (OIDC_NAME) when its issuer is the configured one, else the issuer. */
  provider: string;
  issuer: string;
  /** The e-mail the provider gave for it, if any. */
  email: string | null;
  createdAt: string;
}

/** GET /user/identities. */
export interface LinkedIdentitiesResponse {
  identities: LinkedIdentity[];
  /** Whether the member can sign in with a password (an external-only member can set one by code). */
  hasPassword: boolean;
}

/** POST /user/identities: links the provider identity of this ID token to the signed-in member. */
export const linkIdentityBody = z.object({
  idToken: textSchema("idToken is required").trim().min(1, "idToken is required").max(8192),
});
export type LinkIdentityBody = z.input<typeof linkIdentityBody>;
/**
 * POST /user/identities answers the member's linked sign-ins after linking: 201 when newly linked, 200
 * when it was linked to them already. A token that does not verify is a 400 (never a 401 on /user).
 */
export type LinkIdentityResponse = LinkedIdentitiesResponse;
/** DELETE /user/identities/{id} answers the linked sign-ins left (200); another member's id is a 404. */
export type UnlinkIdentityResponse = LinkedIdentitiesResponse;

/** DELETE /user/identities/{id} of a member's last way to sign in: 409 with this text. */
export const LAST_SIGN_IN_MESSAGE = "You can't remove your only way to sign in. Set a password first.";
/**
 * PUT /user/password of a member who has no password yet (external sign-in only): 400 with this text;
 * they set one with the e-mailed code (POST /auth/forgot-password, then /auth/reset-password).
 */
export const NO_PASSWORD_YET_MESSAGE =
  "Your account has no password yet. Set one with a code sent to your e-mail: use Forgot password.";
/** POST /user/identities of an identity another member linked: 409 with this text. */
export const IDENTITY_TAKEN_MESSAGE = "This sign-in is already linked to another account";
