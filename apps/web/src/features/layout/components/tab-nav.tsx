import { useId } from "react";
import { Link } from "react-router";
import { CountBadge, PHONE_TAB_BADGE } from "../../../components/badge";
import { getUsername } from "../../../lib/storage";
import { NAV_ITEMS, type TabId } from "../nav-items";

interface TabNavProps {
  pathname: string;
  badges?: Partial<Record<TabId, number>>;
  className?: string;
}

/** The six tabs: a bottom tab bar on phones, a left rail from 1024px. One element, styled per size. */
export function TabNav({ pathname, badges = {}, className = "" }: TabNavProps) {
  const badgeId = useId();
  const username = getUsername();
  return (
    <nav
      aria-label="Main"
      className={`fixed inset-x-0 bottom-0 z-30 border-t border-zinc-200 bg-white/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-md lg:top-16 lg:right-auto lg:w-60 lg:border-t-0 lg:border-r lg:bg-white lg:pb-0 ${className}`}
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-6 lg:h-auto lg:max-w-none lg:grid-cols-1 lg:gap-1 lg:p-3">
        {NAV_ITEMS.map(({ id, to, label, icon: Icon, isActive }) => {
          const active = isActive(pathname, username);
          const count = badges[id] ?? 0;
          // The badge itself is hidden from screen readers; the tab describes its count instead.
          const countId = `${badgeId}-${id}`;
          return (
            <li key={id} className="flex">
              {/* Named by its label, hidden on phones, so the badge's number is no part of a name. */}
              <Link
                to={to}
                aria-current={active ? "page" : undefined}
                aria-describedby={count > 0 ? countId : undefined}
                className={`group relative flex flex-1 items-center justify-center rounded-xl transition lg:justify-start lg:gap-3.5 lg:px-4 lg:py-3 ${
                  active
                    ? "text-fuchsia-600 lg:bg-fuchsia-50 lg:text-fuchsia-700"
                    : "text-zinc-500 hover:text-zinc-900 lg:hover:bg-zinc-100"
                }`}
              >
                <span className="relative">
                  <Icon className={`size-6 transition ${active ? "stroke-[2.2]" : ""}`} />
                  {/* On the phone's bar, on the icon's corner; on the rail, at the row's end, the icon whole. */}
                  <CountBadge count={count} className={PHONE_TAB_BADGE} />
                </span>
                <span
                  className={`sr-only text-sm lg:not-sr-only ${active ? "font-semibold" : "font-medium"}`}
                >
                  {label}
                </span>
                <CountBadge count={count} ring="" className="ml-auto max-lg:hidden" />
              </Link>
              {count > 0 && (
                // Read as the tab's description only, not again where it stands.
                <span id={countId} aria-hidden="true" className="sr-only">
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
