import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { useDocumentTitle } from "../lib/use-document-title";
import { RootRoute } from "./root-route";

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
