import { Outlet, useLocation, useMatches } from "react-router";
import { useStoredUnreadCount } from "../../../lib/use-stored";
import { ChatUnreadSync } from "../../chat/hooks/use-chat-unread-sync";
import { useNotificationsUnreadCount } from "../../notifications/hooks/use-notifications-unread";
import { PostLiveUpdates } from "../../posts/hooks/use-post-live-updates";
import { isBottomBarHidden } from "../bottom-bar";
import { fillsScreen } from "../route-handle";
import { AppHeader } from "./app-header";
import { GenericBottomBar } from "./generic-bottom-bar";
import { SkipLink } from "./skip-link";
import { TabNav } from "./tab-nav";

/** Frame of every signed-in screen: header, then the six tabs, or the generic bar where the spec shows it. */
export function AppLayout() {
  const { pathname } = useLocation();
  const chatUnread = useStoredUnreadCount();
  const notificationsUnread = useNotificationsUnreadCount();
  const showGenericBar = !isBottomBarHidden(pathname);
  const fills = fillsScreen(useMatches());
  // A screen that fills the frame gets exactly the room between the header (4rem) and the tab bar (4rem
  // on phones; a side rail on desktop), and scrolls inside itself.
  const mainLayout = fills
    ? "h-[calc(100dvh-8rem-env(safe-area-inset-bottom))] lg:h-[calc(100dvh-4rem)] lg:px-6 lg:py-6"
    : "px-4 pt-6 pb-28 sm:px-6 lg:pt-10 lg:pb-12";

  return (
    <div className="min-h-dvh">
      <SkipLink />
      <PostLiveUpdates />
      {/* Keeps the stored chat unread count, which the header's badge reads, right on every screen. */}
      <ChatUnreadSync />
      <AppHeader chatUnread={chatUnread} />
      {/* The generic bar has no notifications entry, so only the tabs carry that badge. */}
      {showGenericBar ? (
        <GenericBottomBar underHeader />
      ) : (
        <TabNav pathname={pathname} badges={{ notifications: notificationsUnread }} />
      )}
      <div className="lg:pl-60">
        <main id="main" tabIndex={-1} className={`mx-auto w-full max-w-4xl outline-none ${mainLayout}`}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
