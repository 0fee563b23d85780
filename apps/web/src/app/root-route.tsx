import { useEffect, useRef } from "react";
import { type Location, Outlet, ScrollRestoration, useLocation } from "react-router";
import { Spinner } from "../components/spinner";
import { LogoutListener } from "../features/auth/components/logout-listener";
import { announceScreen } from "../lib/announce";

export function RootRoute() {
  useScreenAnnouncements();
  return (
    <>
      <LogoutListener />
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}

/**
 * Where a screen's scroll is kept. Every page load's first entry has the key "default": kept by it, a
 * profile opened from the address bar would open at the scroll of the notifications loaded before it
 * in that tab. Such an entry is told apart by its address; every other by its own key.
 */
export function scrollKey(location: Location): string {
  return location.key === "default" ? `${location.pathname}${location.search}` : location.key;
}

/** Each navigation to another address is announced to screen readers, as a page load would be. */
function useScreenAnnouncements() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    first.current = "";
    announceScreen();
  }, [pathname]);
}

export function ScreenCodeLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner />
    </div>
  );
}
