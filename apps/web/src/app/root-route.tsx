import { useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { Spinner } from "../components/spinner";
import { LogoutListener } from "../features/auth/components/logout-listener";
import { announceScreen } from "../lib/announce";

export function RootRoute() {
  useScreenAnnouncements();
  return (
    <>
      <LogoutListener />
      <Outlet />
      <ScrollRestoration />
    </>
  );
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
