import { render, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, type InitialEntry, RouterProvider } from "react-router";
import { vi } from "vitest";
import { AppProviders } from "../app/app-providers";
import { createQueryClient } from "../app/query-client";
import { routes } from "../app/routes";
import type { FakeSocket } from "./fake-socket";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Mocks the network at its edge: every apiFetch call goes through `handler`. */
export function stubFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler(String(input), init)),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** Renders the real route table at `entry` (or the last of a history), inside the app's real providers. */
export function renderApp(entry: InitialEntry | InitialEntry[], options: { fakeTimers?: boolean } = {}) {
  const initialEntries = Array.isArray(entry) ? entry : [entry];
  // The app's own client (its network modes above all), without retries or a freshness window: a test
  // says what each read answers, and when.
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retry: false, staleTime: 0 },
  });
  const router = createMemoryRouter(routes, { initialEntries, initialIndex: initialEntries.length - 1 });
  const user = userEvent.setup(options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user, queryClient };
}

/**
 * The fake socket the signed-in area connected with (tests mock `lib/socket` with `createFakeSocket`),
 * waited for: the app makes it once the session check knows the member, which may come after the
 * screen has drawn from the cached account. (setup.ts clears the mock's history after each test, so
 * an earlier test's closed socket is never taken for this one's.)
 */
export async function currentSocket(): Promise<FakeSocket> {
  const { createUserSocket } = await import("../lib/socket");
  return waitFor(() => {
    const socket = vi.mocked(createUserSocket).mock.results.at(-1)?.value;
    if (!socket) throw new Error("No socket was created");
    return socket as FakeSocket;
  });
}
