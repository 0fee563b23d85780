import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { announceScreen } from "../lib/announce";
import { RootRoute } from "./root-route";

vi.mock("../lib/announce", () => ({ announce: vi.fn(), announceScreen: vi.fn() }));

describe("Screen announcements, asked for", () => {
  it("are asked for on each navigation to another address, never on the first visit or a search's change", async () => {
    const router = createMemoryRouter(
      [
        {
          element: <RootRoute />,
          children: [
            { path: "/", element: <p>Home</p> },
            { path: "/explore", element: <p>Explore</p> },
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
    await screen.findByText("Home");
    expect(announceScreen).not.toHaveBeenCalled();

    await act(() => router.navigate("/?tab=2"));
    expect(announceScreen).not.toHaveBeenCalled();
    await act(() => router.navigate("/explore"));
    expect(announceScreen).toHaveBeenCalledTimes(1);
    await act(() => router.navigate("/"));
    expect(announceScreen).toHaveBeenCalledTimes(2);
  });
});
