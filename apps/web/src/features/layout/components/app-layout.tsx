import { Outlet, useLocation } from "react-router";
import { useStoredUnreadCount } from "../../../lib/use-stored";
import { PostLiveUpdates } from "../../posts/hooks/use-post-live-updates";
import { isBottomBarHidden } from "../bottom-bar";
import { AppHeader } from "./app-header";
import { GenericBottomBar } from "./generic-bottom-bar";
import { SkipLink } from "./skip-link";
import { TabNav } from "./tab-nav";

/** Frame of every signed-in screen: header, then the six tabs, or the generic bar where the spec shows it. */
export function AppLayout() {
  const { pathname } = useLocation();
  const chatUnread = useStoredUnreadCount();
  const showGenericBar = !isBottomBarHidden(pathname);

  return (
    <div className="min-h-dvh">
      <SkipLink />
      <PostLiveUpdates />
      <AppHeader chatUnread={chatUnread} />
      {/* The notifications badge gets its live count with the notifications feature. */}
      {showGenericBar ? <GenericBottomBar /> : <TabNav pathname={pathname} badges={{ notifications: 0 }} />}
      <div className={showGenericBar ? "" : "lg:pl-60"}>
        <main
          id="main"
          tabIndex={-1}
          className={`mx-auto w-full max-w-4xl px-4 pt-6 pb-28 outline-none sm:px-6 lg:pt-10 ${showGenericBar ? "" : "lg:pb-12"}`}
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}
