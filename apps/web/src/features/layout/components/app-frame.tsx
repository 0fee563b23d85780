import type { ReactNode } from "react";
import { isBottomBarHidden } from "../bottom-bar";
import { AppHeader } from "./app-header";
import { GenericBottomBar } from "./generic-bottom-bar";
import { SkipLink } from "./skip-link";
import { TabNav } from "./tab-nav";

interface AppFrameProps {
  pathname: string;
  chatUnread: number;
  notificationsUnread: number;
  /** The screen fills the space between header and tab bar and scrolls inside itself (chat). */
  fills: boolean;
  /** The screen sets a grid beside a side column (explore): up to 72rem wide instead of 56rem. */
  wide?: boolean;
  /** Below md the screen takes the whole window: no header, no tabs (an open conversation). */
  fullScreenOnPhone?: boolean;
  children: ReactNode;
}

/**
 * What every signed-in screen sits in: header, then the six tabs, or the generic bar where the spec
 * shows it. Drawn from props alone, so the session check can show it before anything is loaded.
 */
export function AppFrame({
  pathname,
  chatUnread,
  notificationsUnread,
  fills,
  wide = false,
  fullScreenOnPhone = false,
  children,
}: AppFrameProps) {
  const showGenericBar = !isBottomBarHidden(pathname);
  // A screen that fills the frame gets exactly the room between the header (4rem) and the tab bar (4rem
  // on phones; a side rail on desktop), and scrolls inside itself.
  const mainLayout = fills
    ? "h-[calc(100dvh-8rem-env(safe-area-inset-bottom))] lg:h-[calc(100dvh-4rem)] lg:px-6 lg:py-6"
    : "px-4 pt-6 pb-28 sm:px-6 lg:pt-10 lg:pb-12";
  // Hidden, not covered: what is out of sight is out of the tab order too.
  const hiddenOnPhone = fullScreenOnPhone ? "max-md:hidden" : "";
  const phoneLayout = fullScreenOnPhone ? "max-md:h-dvh" : "";

  return (
    <div className="min-h-dvh" data-full-screen-on-phone={fullScreenOnPhone || undefined}>
      <SkipLink />
      <AppHeader chatUnread={chatUnread} className={hiddenOnPhone} />
      {/* The generic bar has no notifications entry, so only the tabs carry that badge. */}
      {showGenericBar ? (
        <GenericBottomBar underHeader />
      ) : (
        <TabNav
          pathname={pathname}
          badges={{ notifications: notificationsUnread }}
          className={hiddenOnPhone}
        />
      )}
      <div className="lg:pl-60">
        <main
          id="main"
          tabIndex={-1}
          className={`mx-auto w-full outline-none ${wide ? "max-w-6xl" : "max-w-4xl"} ${mainLayout} ${phoneLayout}`}
        >
          {children}
        </main>
      </div>
    </div>
  );
}
