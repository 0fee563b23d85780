import type { HandoffResponse } from "@flik/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { getToken, getUserId, getUsername, saveAuth } from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { isTokenValid } from "../../../lib/token";
import { exchangeHandoffCode } from "../api/external-auth.api";
import { consumeExternalSignInStarted } from "../external/external-state";
import { EXTERNAL_SIGN_IN_FAILED } from "../external/external-texts";
import { profileTokenParam, withoutTokenParam } from "../token-param";

/** Stores a handed-over session as sign-in does; what was cached for another member goes. */
function storeSession(session: HandoffResponse, queryClient: QueryClient) {
  if (session.user.id !== getUserId()) queryClient.removeQueries();
  saveAuth({ token: session.token, userId: session.user.id, username: session.user.username });
}

export type Handoff =
  | { phase: "idle" }
  | { phase: "exchanging" }
  /** The session is known but not stored: the member is asked first. */
  | { phase: "confirm"; session: HandoffResponse; signedInAs: SignedInMember | null };

interface SignedInMember {
  id: string | null;
  username: string | null;
}

/**
 * Spec §2's `?token=` on a profile URL, made safe (issue 19): the value is a one-time hand-off code,
 * never a session token. It leaves the address bar at once and is exchanged (POST /auth/handoff); the
 * session it answers is stored at once only when it keeps the same member, or signs in a tab that
 * started an external sign-in itself. Switching members, or signing in a tab that started nothing (a
 * link someone else made: login CSRF), asks first, naming the member from the answer.
 */
export function useHandoff() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const code = profileTokenParam(location);
  const [handoff, setHandoff] = useState<Handoff>({ phase: "idle" });
  const exchanged = useRef<string | null>(null);

  useEffect(() => {
    if (!code || exchanged.current === code) return;
    // Once per code: it is single use, whatever re-runs this effect.
    exchanged.current = code;
    navigate(withoutTokenParam(location), { replace: true, state: location.state });
    setHandoff({ phase: "exchanging" });

    exchangeHandoffCode(code).then(
      (session) => {
        const startedHere = consumeExternalSignInStarted();
        const signedInAs = isTokenValid(getToken()) ? { id: getUserId(), username: getUsername() } : null;
        const expected = signedInAs ? signedInAs.id === session.user.id : startedHere;
        if (expected) {
          storeSession(session, queryClient);
          setHandoff({ phase: "idle" });
        } else setHandoff({ phase: "confirm", session, signedInAs });
      },
      (error) => {
        // The server's reason (HANDOFF_INVALID_MESSAGE for a used, expired or forged code). Its value is
        // not imported here: @flik/shared's external-auth module holds zod schemas, which would then
        // load with every signed-in page.
        toast.error(errorMessage(error, EXTERNAL_SIGN_IN_FAILED));
        setHandoff({ phase: "idle" });
      },
    );
  }, [code, location, navigate, queryClient]);

  return {
    handoff,
    /** A code is in the URL, being exchanged, or waiting for the member's answer. */
    pending: !!code || handoff.phase !== "idle",
    accept() {
      if (handoff.phase !== "confirm") return;
      storeSession(handoff.session, queryClient);
      setHandoff({ phase: "idle" });
    },
    decline() {
      setHandoff({ phase: "idle" });
    },
  };
}
