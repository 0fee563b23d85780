import { Outlet, ScrollRestoration } from "react-router";
import { Spinner } from "../components/spinner";
import { LogoutListener } from "../features/auth/components/logout-listener";

export function RootRoute() {
  return (
    <>
      <LogoutListener />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

export function ScreenCodeLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner />
    </div>
  );
}
