import {
  EXTERNAL_EMAIL_IN_USE_CODE,
  type ExternalProvider,
  type ExternalSyncBody,
  externalEmailInUseMessage,
  hasBrokenCharacter,
  withoutNul,
} from "@flik/shared";
import { ApiError } from "../../../lib/api-client";
import { getToken } from "../../../lib/storage";
import { isTokenValid } from "../../../lib/token";
import { linkIdentity } from "../../settings/api/identities.api";
import { syncExternalIdentity } from "../api/external-auth.api";
import { loadOidcClient } from "./external-sign-in";
import { type ExternalPurpose, type ExternalState, readExternalState } from "./external-state";
import type { ProviderAnswer } from "./oidc-client";

/** How a return to /auth/callback ended. */
export type CallbackResult =
  | { kind: "signedIn"; returnTo: string; token: string; user: { id: string; username: string } }
  | { kind: "linked"; provider: string }
  | { kind: "cancelled"; purpose: ExternalPurpose; returnTo: string }
  | { kind: "emailInUse"; message: string; returnTo: string }
  | { kind: "failed"; purpose: ExternalPurpose; returnTo: string; message?: string };

/**
 * The server's words when they are meant for the member: the provider unreachable (503), the e-mail
 * not shared, too many tries, a sign-in already taken (4xx). Not a refused token's (401: a check that
 * failed, which "Try again" covers) nor a server error's (its own fault, not the member's to read).
 */
function memberFacingMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 401) return undefined;
  return error.status < 500 || error.status === 503 ? error.serverMessage : undefined;
}

/**
 * The body's fields are only hints (the server reads the token's claims): a claim that is not text, or
 * holds half a character, is left out, and a NUL taken away, so an odd profile at the provider never
 * fails a sign-in. A name too long is cut (whole characters); other hints too long are left out.
 */
function hint(value: unknown): string | undefined {
  if (typeof value !== "string" || hasBrokenCharacter(value)) return undefined;
  return withoutNul(value).trim() || undefined;
}

function fitting(value: unknown, max: number): string | undefined {
  const text = hint(value);
  return text && text.length <= max ? text : undefined;
}

function syncBody({ profile }: ProviderAnswer): ExternalSyncBody {
  const name = hint(profile.name);
  return {
    // As the token says it, or not at all: the server checks it against the token's subject.
    auth0Id: profile.sub === hint(profile.sub) && profile.sub.length <= 255 ? profile.sub : undefined,
    email: fitting(profile.email, 254),
    fullName: name?.slice(0, 100).replace(/[\ud800-\udbff]$/, ""),
    picture: fitting(profile.picture, 2048),
  };
}

/**
 * The return from the provider: completes the code exchange (oidc-client-ts checks state, nonce and
 * PKCE), then either signs in (POST /auth/auth0, the ID token as bearer) or, when the member started it
 * from Settings, links the identity to their own session (POST /user/identities).
 */
export async function completeCallback(provider: ExternalProvider | null): Promise<CallbackResult> {
  const fallback: ExternalState = readExternalState(null);
  if (!provider) return { kind: "failed", ...fallback };

  const { completeProviderSignIn, isProviderError } = await loadOidcClient();
  let answer: ProviderAnswer;
  try {
    answer = await completeProviderSignIn(provider);
  } catch (error) {
    if (isProviderError(error)) {
      // Only the member's own No (access_denied) is a cancel; a refused code or the provider's own
      // failure is a sign-in that did not work.
      const { error: code, state } = error as { error?: unknown; state?: unknown };
      const kind = code === "access_denied" ? "cancelled" : "failed";
      if (kind === "failed") console.error("The provider refused the sign-in", error);
      return { kind, ...readExternalState(state) };
    }
    console.error("External sign-in could not complete", error);
    return { kind: "failed", ...fallback };
  }

  const state = readExternalState(answer.state);
  if (state.purpose === "link") {
    if (!isTokenValid(getToken())) return { kind: "failed", ...state };
    try {
      await linkIdentity(answer.idToken);
      return { kind: "linked", provider: provider.name };
    } catch (error) {
      return { kind: "failed", ...state, message: memberFacingMessage(error) };
    }
  }

  try {
    const { token, user } = await syncExternalIdentity(answer.idToken, syncBody(answer));
    return { kind: "signedIn", returnTo: state.returnTo, token, user };
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status === 409 &&
      (!error.code || error.code === EXTERNAL_EMAIL_IN_USE_CODE)
    ) {
      const message = error.serverMessage ?? externalEmailInUseMessage(provider.name);
      return { kind: "emailInUse", message, returnTo: state.returnTo };
    }
    console.error("External identity sync failed", error);
    return { kind: "failed", ...state, message: memberFacingMessage(error) };
  }
}
