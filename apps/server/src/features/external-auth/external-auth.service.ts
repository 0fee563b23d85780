import { randomInt } from "node:crypto";
import {
  type AuthProvidersResponse,
  type AuthResponse,
  EXTERNAL_EMAIL_IN_USE_CODE,
  EXTERNAL_SIGN_IN_OFF_MESSAGE,
  type ExternalSyncBody,
  type ExternalSyncResponse,
  emailSchema,
  externalEmailInUseMessage,
  externalEmailMissingMessage,
  FULL_NAME_MAX_LENGTH,
  fullNameSchema,
  HANDOFF_INVALID_MESSAGE,
  IDENTITY_TAKEN_MESSAGE,
  LAST_SIGN_IN_MESSAGE,
  type LinkedIdentitiesResponse,
  leadingText,
  withoutNul,
} from "@flik/shared";
import type { FastifyBaseLogger } from "fastify";
import { type Db, pgErrorOf } from "../../db/database.js";
import type { Caller } from "../../platform/caller.js";
import type { OidcConfig } from "../../platform/config.js";
import { conflict, invalidField, notFound, unauthorized } from "../../platform/errors.js";
import { presentAuthUser } from "../auth/auth.presenter.js";
import type { MediaService } from "../media/media.service.js";
import type { MediaUploads } from "../media/media.uploads.js";
import type { SessionsService } from "../sessions/sessions.service.js";
import {
  deleteOwnIdentity,
  emailTaken,
  findIdentity,
  identitiesOf,
  insertExternalMember,
  insertIdentity,
  takenUsernames,
  updateIdentityEmail,
} from "./external-auth.queries.js";
import type { HandoffCodes } from "./handoff.js";
import {
  allowedScheme,
  type OidcVerifier,
  type VerifiedIdToken,
  withoutTrailingSlash,
} from "./oidc-verifier.js";
import { fetchPicture, isInternalAddress, type PictureRules } from "./picture.js";
import { usernameBase, usernameCandidates, withNumber } from "./username.js";

/** What every bad token answers on POST /auth/auth0 (a 401: nothing is said of why). */
export const EXTERNAL_TOKEN_INVALID = "This sign-in could not be verified. Please try again.";
/** What a bad token answers on POST /user/identities: a 400 (a 401 there would sign the member out). */
export const LINK_TOKEN_INVALID =
  "This sign-in could not be verified, so nothing was linked. Please try again.";
/** The scopes the browser asks for: the ID token then carries the profile and the e-mail address. */
export const EXTERNAL_SCOPE = "openid profile email";

type Client = { userAgent: string | undefined; ip: string };

export type ExternalAuthService = ReturnType<typeof createExternalAuthService>;

/**
 * External sign-in (issue 19; spec §1, §4, §7): the member is found by the verified token's (issuer,
 * subject), never by what the body says; a first sign-in makes the member; an e-mail address that
 * belongs to an account is never linked silently. Sessions are the same as password sign-in's.
 */
export function createExternalAuthService(deps: {
  db: Db;
  oidc: OidcConfig | null;
  verifier: OidcVerifier | null;
  sessions: SessionsService;
  handoff: HandoffCodes;
  media: MediaService;
  /** Who uploaded which kept file: the copied picture is recorded as the new member's. */
  uploads: Pick<MediaUploads, "record">;
  log: FastifyBaseLogger;
}) {
  const { db, oidc, verifier, sessions, handoff, media, uploads, log } = deps;

  function enabled(): { oidc: OidcConfig; verifier: OidcVerifier } {
    if (!oidc || !verifier) throw notFound(EXTERNAL_SIGN_IN_OFF_MESSAGE);
    return { oidc, verifier };
  }

  /** The provider's display name for an identity of `issuer`; the issuer itself for another one. */
  const providerOf = (issuer: string) =>
    oidc && withoutTrailingSlash(issuer) === withoutTrailingSlash(oidc.issuer) ? oidc.name : issuer;

  /** Where a picture may be fetched from: as the issuer is served (http and internal only if it is). */
  function pictureRules(issuer: string): PictureRules {
    const host = new URL(issuer).hostname.replace(/^\[|\]$/g, "");
    return {
      allowHttp: issuer.startsWith("http:"),
      allowInternal: host === "localhost" || isInternalAddress(host),
    };
  }

  /** The picture copied to the built-in media host, or "" when it cannot be had (sign-in goes on). */
  async function copyPicture(url: string | undefined, issuer: string): Promise<string> {
    if (!url) return "";
    try {
      const target = new URL(url);
      if (!allowedScheme(target, issuer)) return "";
      const bytes = await fetchPicture(target.href, pictureRules(issuer));
      return bytes ? await media.storeAvatarImage(bytes) : "";
    } catch (error) {
      log.info({ err: error }, "an identity provider's picture could not be kept as an avatar");
      return "";
    }
  }

  /** The e-mail address the token vouches for (and whether verified), else the body's (unverified). */
  function emailOf(token: VerifiedIdToken, body: ExternalSyncBody) {
    const fromToken = emailSchema.safeParse(token.claims.email);
    if (fromToken.success) return { email: fromToken.data, verified: token.claims.email_verified === true };
    const fromBody = emailSchema.safeParse(body.email);
    if (fromBody.success) return { email: fromBody.data, verified: false };
    return null;
  }

  function fullNameOf(token: VerifiedIdToken, body: ExternalSyncBody, username: string) {
    const { name, given_name: given, family_name: family } = token.claims;
    const joined = [given, family].filter((part) => typeof part === "string" && part.trim()).join(" ");
    const chosen = [name, joined, body.fullName].find((text) => typeof text === "string" && text.trim());
    // Held to the rules of a name typed at sign-up, cut between whole characters.
    const clean = typeof chosen === "string" ? withoutNul(chosen).trim() : "";
    const named = fullNameSchema.safeParse(leadingText(clean, FULL_NAME_MAX_LENGTH));
    return named.success ? named.data : username;
  }

  /** A username no one has, from the profile: the base, else with a number after it. */
  async function freeUsername(base: string) {
    const candidates = usernameCandidates(base);
    const taken = await takenUsernames(db, candidates);
    return candidates.find((name) => !taken.has(name)) ?? withNumber(base, randomInt(100, 1_000_000));
  }

  /** Makes the member of a first sign-in; undefined when the identity was made meanwhile (a race). */
  async function createMember(token: VerifiedIdToken, body: ExternalSyncBody, provider: string) {
    const email = emailOf(token, body);
    if (!email) throw invalidField("email", externalEmailMissingMessage(provider));
    const inUse = () => conflict(externalEmailInUseMessage(provider), EXTERNAL_EMAIL_IN_USE_CODE);
    // Made by the same person's first sign-in a moment ago? Then this one is a returning sign-in.
    const madeMeanwhile = async () => (await findIdentity(db, token.issuer, token.subject)) !== undefined;
    if (await emailTaken(db, email.email)) {
      if (await madeMeanwhile()) return undefined;
      throw inUse();
    }
    const picture = [token.claims.picture, body.picture].find((url) => typeof url === "string" && url);
    const avatar = await copyPicture(picture as string | undefined, token.issuer);
    const base = usernameBase(token.claims, email.email);
    for (let attempt = 0; ; attempt++) {
      const username = await freeUsername(base);
      try {
        const member = await insertExternalMember(
          db,
          {
            username,
            email: email.email,
            emailVerified: email.verified,
            fullName: fullNameOf(token, body, username),
            avatar,
          },
          { issuer: token.issuer, subject: token.subject, email: email.email },
        );
        // The copied picture is this member's alone to share, as an upload is.
        if (avatar) await uploads.record(member.id, avatar);
        return member;
      } catch (error) {
        const pgError = pgErrorOf(error);
        if (pgError?.code !== "23505") throw error;
        // The same person's first sign-in made the member meanwhile (its address, name or identity was
        // what collided): this one is a returning sign-in.
        if (await madeMeanwhile()) return undefined;
        if (pgError.constraint?.includes("email")) throw inUse();
        // Someone took the username in between: try the next free one.
        if (attempt >= 3) throw error;
      }
    }
  }

  async function startSession(
    member: { id: string; username: string },
    client: Client,
  ): Promise<AuthResponse> {
    const { token } = await sessions.start(member.id, client);
    return { token, user: presentAuthUser(member) };
  }

  async function verified(idToken: string, refusal: () => Error) {
    const token = await enabled().verifier.verify(idToken);
    if (!token) throw refusal();
    return token;
  }

  return {
    /** GET /auth/providers: what the browser signs in with, or null when external sign-in is off. */
    providers(): AuthProvidersResponse {
      return {
        oidc: oidc && {
          name: oidc.name,
          issuer: oidc.issuer,
          clientId: oidc.clientId,
          audience: oidc.audience,
          scope: EXTERNAL_SCOPE,
        },
      };
    },

    /**
     * POST /auth/auth0: the provider's ID token as bearer. A returning member (200) or a new one (201)
     * gets a session and a one-time hand-off code. Any bad token is a 401 and changes nothing.
     */
    async signIn(
      bearer: string | undefined,
      body: ExternalSyncBody,
      client: Client,
    ): Promise<{ created: boolean; answer: ExternalSyncResponse }> {
      const { oidc } = enabled();
      if (!bearer) throw unauthorized(EXTERNAL_TOKEN_INVALID);
      const token = await verified(bearer, () => unauthorized(EXTERNAL_TOKEN_INVALID));
      // The body never chooses the member: one naming another subject than the token's is refused.
      if (body.auth0Id !== undefined && body.auth0Id !== token.subject)
        throw unauthorized(EXTERNAL_TOKEN_INVALID);
      const emailNow = emailSchema.safeParse(token.claims.email);
      // Twice at most: a first sign-in racing another one of the same person finds its member then.
      for (let round = 0; round < 2; round++) {
        const known = await findIdentity(db, token.issuer, token.subject);
        if (known) {
          const email = emailNow.success ? emailNow.data : known.email;
          if (email !== known.email) await updateIdentityEmail(db, known.id, email);
          const session = await startSession({ id: known.userId, username: known.username }, client);
          const handoffCode = await handoff.issue(known.userId);
          return { created: false, answer: { ...session, handoffCode, created: false } };
        }
        const member = await createMember(token, body, oidc.name);
        if (!member) continue; // made by a sign-in racing this one: it is a returning member now
        const session = await startSession(member, client);
        const handoffCode = await handoff.issue(member.id);
        return { created: true, answer: { ...session, handoffCode, created: true } };
      }
      throw new Error("an external member was neither found nor made");
    },

    /** POST /auth/handoff: a new session of the member a live code hands over; the code is spent. */
    async exchangeHandoff(code: string, client: Client): Promise<AuthResponse> {
      const member = await handoff.redeem(code);
      if (!member) throw invalidField("code", HANDOFF_INVALID_MESSAGE);
      return startSession(member, client);
    },

    /** GET /user/identities. */
    async identities(caller: Caller): Promise<LinkedIdentitiesResponse> {
      const found = await identitiesOf(db, caller.userId);
      if (!found) throw unauthorized();
      return {
        hasPassword: found.hasPassword,
        identities: found.identities.map((identity) => ({
          id: identity.id,
          provider: providerOf(identity.issuer),
          issuer: identity.issuer,
          email: identity.email,
          createdAt: identity.createdAt.toISOString(),
        })),
      };
    },

    /**
     * POST /user/identities: links the identity of a verified ID token to the caller (true when it is
     * new). Linked to someone else: 409. A bad token is a 400 here, never a 401 (spec §8).
     */
    async link(caller: Caller, idToken: string): Promise<boolean> {
      const token = await verified(idToken, () => invalidField("idToken", LINK_TOKEN_INVALID));
      const email = emailSchema.safeParse(token.claims.email);
      const linked = await insertIdentity(db, {
        userId: caller.userId,
        issuer: token.issuer,
        subject: token.subject,
        email: email.success ? email.data : null,
      });
      if (linked) return true;
      const owner = await findIdentity(db, token.issuer, token.subject);
      if (owner?.userId !== caller.userId) throw conflict(IDENTITY_TAKEN_MESSAGE);
      return false;
    },

    /** DELETE /user/identities/{id}: only the caller's own, and never their last way to sign in. */
    async unlink(caller: Caller, id: string) {
      const outcome = await deleteOwnIdentity(db, caller.userId, id);
      if (outcome === "not found") throw notFound("Linked sign-in not found");
      if (outcome === "last") throw conflict(LAST_SIGN_IN_MESSAGE);
    },
  };
}
