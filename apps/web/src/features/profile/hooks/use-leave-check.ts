import { useBlocker } from "react-router";
import { getToken } from "../../../lib/storage";

/**
 * Holds every way off the screen (a link, the Back arrow, the browser's Back) while `unsaved`, for the
 * screen to ask first, as Instagram asks before edits are discarded. Never a logout's way to /login
 * (the token is gone by then): a session that ended can save nothing, and the logout must go through.
 */
export function useLeaveCheck(unsaved: boolean) {
  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && unsaved && getToken() !== null,
  );
}
