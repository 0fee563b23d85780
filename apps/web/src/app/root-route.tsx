import { Outlet, ScrollRestoration } from "react-router";
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
