import { useState } from "react";
import { Outlet, useLocation, useMatches } from "react-router";
import { useStoredUnreadCount } from "../../../lib/use-stored";
import { CHECKING_AUTHENTICATION, useSessionChecking } from "../../auth/session-check";
import { useLiveNotificationsUnreadCount } from "../../notifications/hooks/use-notifications-unread";
import { fillsScreen, isFullScreenOnPhone, isWide } from "../route-handle";
import { ScreenFailureContext } from "../screen-failure";
import { AppFrame } from "./app-frame";
import { BootScreen } from "./boot-screen";

/**
 * Frame of every signed-in screen, with the live counts its header and tabs show. While the session is
 * checked it stays in place around the screen's shape, so nothing around the screen moves when it comes.
 */
export function AppLayout() {
  const { pathname, search } = useLocation();
  const checking = useSessionChecking();
  const chatUnread = useStoredUnreadCount();
  const notificationsUnread = useLiveNotificationsUnreadCount(!checking);
  const matches = useMatches();
  const [screenFailed, setScreenFailed] = useState(false);
  return (
    <AppFrame
      pathname={pathname}
      chatUnread={chatUnread}
      notificationsUnread={notificationsUnread}
      fills={fillsScreen(matches)}
      wide={isWide(matches)}
      fullScreenOnPhone={!screenFailed && isFullScreenOnPhone(matches, search)}
    >
      <ScreenFailureContext value={setScreenFailed}>
        {checking ? <BootScreen pathname={pathname} status={CHECKING_AUTHENTICATION} /> : <Outlet />}
      </ScreenFailureContext>
    </AppFrame>
  );
}
