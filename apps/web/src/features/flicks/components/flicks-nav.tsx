import { useId } from "react";
import { Link, useLocation } from "react-router";
import { CountBadge, PHONE_TAB_BADGE } from "../../../components/badge";
import { Wordmark } from "../../../components/wordmark";
import { getUsername } from "../../../lib/storage";
import { useSessionChecking } from "../../auth/session-check";
import { NAV_ITEMS } from "../../layout/nav-items";
import { useLiveNotificationsUnreadCount } from "../../notifications/hooks/use-notifications-unread";

/**
 * The flicks screen's own six tabs (spec §2), drawn over the video: a translucent bar on phones, a
 * dark rail from 1024px like the app's own tab rail. The notifications tab shows the unread count.
 */
export function FlicksNav() {
  const { pathname } = useLocation();
  const unread = useLiveNotificationsUnreadCount(!useSessionChecking());
  const unreadId = useId();
  const username = getUsername();
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-white/10 bg-black/55 pb-[env(safe-area-inset-bottom)] backdrop-blur-md lg:top-0 lg:right-auto lg:w-60 lg:border-t-0 lg:border-r lg:bg-black/40 lg:pb-0"
    >
      {/* Where the app's header has it, so the logo and the tabs stay put between the two rails. */}
      <div className="hidden h-16 items-center px-6 lg:flex">
        <Link to="/post" aria-label="Flik home" className="rounded-lg focus-visible:outline-white">
          <Wordmark tone="light" />
        </Link>
      </div>
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-6 lg:h-auto lg:max-w-none lg:grid-cols-1 lg:gap-1 lg:p-3">
        {NAV_ITEMS.map(({ id, to, label, icon: Icon, isActive }) => {
          // /reel/{id} is the flicks screen too.
          const active = isActive(pathname, username) || (id === "flicks" && pathname.startsWith("/reel/"));
          const count = id === "notifications" ? unread : 0;
          return (
            <li key={id} className="flex">
              {/* Named by its label, hidden on phones, so the badge's number is no part of a name. */}
              <Link
                to={to}
                aria-current={active ? "page" : undefined}
                aria-describedby={count > 0 ? unreadId : undefined}
                className={`relative flex flex-1 items-center justify-center rounded-xl transition focus-visible:outline-white lg:justify-start lg:gap-3.5 lg:px-4 lg:py-3 ${
                  active ? "text-white lg:bg-white/15" : "text-white/65 hover:text-white lg:hover:bg-white/10"
                }`}
              >
                <span className="relative">
                  <Icon className={`size-6 ${active ? "stroke-[2.4]" : ""}`} />
                  {/* On the phone's bar, on the icon's corner; on the rail, at the row's end, the icon whole. */}
                  <CountBadge count={count} ring="ring-2 ring-black/60" className={PHONE_TAB_BADGE} />
                </span>
                <span
                  className={`sr-only text-sm lg:not-sr-only ${active ? "font-semibold" : "font-medium"}`}
                >
                  {label}
                </span>
                <CountBadge count={count} ring="" className="ml-auto max-lg:hidden" />
              </Link>
              {count > 0 && (
                <span id={unreadId} aria-hidden="true" className="sr-only">
                  {count} unread
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
