import type { Session, User } from "@flik/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import type { InitialEntry } from "react-router";
import { expect, type Mock, vi } from "vitest";
import { saveCachedUser } from "../../../lib/storage";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makeUser } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";

type Handler = Parameters<typeof fetchRoutes>[0][string];

/**
 * Alice, signed in on session s-alice-1, on /settings; `routes` answer the calls the test is about.
 * (Each test file mocks lib/socket itself: vi.mock is hoisted only in the file that calls it.)
 */
export function openSettings(
  routes: Record<string, Handler> = {},
  options: {
    user?: Partial<User>;
    fakeTimers?: boolean;
    /** The history up to Settings' own entry, the last: where the member came from, or with what state. */
    entries?: InitialEntry[];
  } = {},
) {
  signInAsAlice();
  const me = makeUser(options.user);
  saveCachedUser(me);
  const fetchMock = stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: me }),
      // Asked while no external provider is configured (fetchRoutes' default): none linked.
      "GET /user/identities": jsonResponse(200, { identities: [], hasPassword: true }),
      ...routes,
    }),
  );
  const rendered = renderApp(options.entries ?? "/settings", { fakeTimers: options.fakeTimers });
  return { ...rendered, fetchMock, me };
}

/**
 * Clicks the settings row named `row` (the first button of that name: rows come before the side
 * panel's quick actions) and returns the panel it opened.
 */
export async function openPanel(
  user: ReturnType<typeof renderApp>["user"],
  row: RegExp | string,
  panel: string,
): Promise<HTMLElement> {
  const [button] = await screen.findAllByRole("button", { name: row });
  if (!button) throw new Error(`No button named ${row}`);
  await user.click(button);
  return screen.findByRole("dialog", { name: panel });
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    _id: "s-alice-1",
    device: "Linux",
    browser: "Chrome 139",
    location: "This computer",
    lastActive: new Date().toISOString(),
    current: true,
    ...overrides,
  };
}

/** The code-request limit's 429, in the server's words: they say when to try again. */
export const TOO_MANY_CODES = "Too many codes requested. Please try again in 15 minutes.";

/**
 * Once the resend countdown is over (fake timers), Resend is refused for the number of codes: the toast
 * (`error`, a spy on toast.error) says the server's words, not the screen's own.
 */
export async function expectResendRefusedSaysWhen(
  user: UserEvent,
  panel: HTMLElement,
  request: Mock,
  error: Mock,
) {
  request.mockImplementation(() => jsonResponse(429, { message: TOO_MANY_CODES }));
  act(() => vi.advanceTimersByTime(61_000));
  await user.click(within(panel).getByRole("button", { name: "Resend code" }));
  await waitFor(() => expect(error).toHaveBeenLastCalledWith(TOO_MANY_CODES));
}
