import { useOutletContext } from "react-router";

/** Spec §2's text while the session is checked. */
export const CHECKING_AUTHENTICATION = "Checking authentication...";

/** What the session guard tells the screens under it. */
export interface SessionOutletContext {
  /** Nobody is known yet: the frame is drawn, the screen and its requests wait. */
  checking: boolean;
}

/** Whether the guard above is still waiting for the server to say who is signed in. */
export function useSessionChecking(): boolean {
  return useOutletContext<SessionOutletContext | undefined>()?.checking ?? false;
}
