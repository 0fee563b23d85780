import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { useDocumentTitle } from "../lib/use-document-title";
import { RootRoute, scrollKey } from "./root-route";

function Titled({ title, next }: { title?: string; next: string }) {
  useDocumentTitle(title);
  return <Link to={next}>Go to {next}</Link>;
}

function renderRoutes() {
  const router = createMemoryRouter(
    [
      {
        element: <RootRoute />,
        children: [
          { path: "/", element: <Titled title="Home" next="/explore" /> },
          { path: "/explore", element: <Titled title="Explore" next="/" /> },
        ],
      },
    ],
    { initialEntries: ["/"] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const announcer = () => document.querySelector('[data-testid="announcer"]');

describe("Screen announcements", () => {
  it("reads the new screen's title after a navigation, never on the first visit", async () => {
    const router = renderRoutes();
    await screen.findByRole("link", { name: "Go to /explore" });
    expect(announcer()?.textContent ?? "").toBe("");

    await act(() => router.navigate("/explore"));
    await waitFor(() => expect(announcer()).toHaveTextContent("Explore · Flik"), { timeout: 5000 });
    expect(announcer()).toHaveAttribute("aria-live", "polite");

    await act(() => router.navigate("/"));
    await waitFor(() => expect(announcer()).toHaveTextContent("Home · Flik"), { timeout: 5000 });
  });
});

describe("scrollKey", () => {
  const at = (pathname: string, key: string, search = "") => ({
    pathname,
    search,
    hash: "",
    state: null,
    key,
  });

  it("keeps a page load's first entry by its address, so another page loaded in the tab opens at its top", () => {
    expect(scrollKey(at("/notifications", "default"))).toBe("/notifications");
    expect(scrollKey(at("/profile/lena", "default"))).toBe("/profile/lena");
    expect(scrollKey(at("/search", "default", "?q=sea"))).toBe("/search?q=sea");
  });

  it("keeps every other entry by its own key, as two visits of one address scroll apart", () => {
    expect(scrollKey(at("/profile/lena", "k1"))).toBe("k1");
    expect(scrollKey(at("/profile/lena", "k2"))).toBe("k2");
  });
});
