import { lazy, Suspense, useState } from "react";
import { Outlet, useLocation, useMatches } from "react-router";
import { notificationsGranted } from "../../../lib/browser-notifications";
import { useStoredUnreadCount } from "../../../lib/use-stored";
import { AccountLiveUpdates } from "../../auth/hooks/use-account-live-updates";
import { CHECKING_AUTHENTICATION, useSessionChecking } from "../../auth/session-check";
import { BlockLiveUpdates } from "../../blocks/hooks/use-block-live-updates";
import { ChatUnreadSync } from "../../chat/hooks/use-chat-unread-sync";
import { FollowLiveUpdates } from "../../follows/hooks/use-follow-live-updates";
import { useLiveNotificationsUnreadCount } from "../../notifications/hooks/use-notifications-unread";
import { PostLiveUpdates } from "../../posts/hooks/use-post-live-updates";
import { StoriesLiveUpdates } from "../../stories/hooks/use-stories-live-updates";
import { fillsScreen, isFullScreenOnPhone, isWide } from "../route-handle";
import { ScreenFailureContext } from "../screen-failure";
import { AppFrame } from "./app-frame";
import { BootScreen } from "./boot-screen";

// Loaded once the browser allows Flik's own notifications (most members never do).
const SystemNotifications = lazy(() =>
  import("../../notifications/hooks/use-system-notifications").then((module) => ({
    default: module.SystemNotifications,
  })),
);

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
    <>
      {!checking && <PostLiveUpdates />}
      {!checking && <StoriesLiveUpdates />}
      {!checking && <FollowLiveUpdates />}
      {!checking && <BlockLiveUpdates />}
      {!checking && <AccountLiveUpdates />}
      {/* Keeps the stored chat unread count, which the header's badge reads, right on every screen. */}
      {!checking && <ChatUnreadSync />}
      {!checking && notificationsGranted() && (
        <Suspense fallback={null}>
          <SystemNotifications />
        </Suspense>
      )}
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
    </>
  );
}
