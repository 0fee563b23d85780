import type { FollowRequest } from "@flik/shared";
import { within } from "@testing-library/react";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makeUser } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";

type Routes = Parameters<typeof fetchRoutes>[0];

/** Carol asked to follow Alice, unless overridden. */
export function makeRequest(overrides: Partial<FollowRequest> = {}): FollowRequest {
  return {
    _id: "u-carol",
    username: "carol",
    fullName: "Carol Danvers",
    avatar: "",
    requestedAt: "2025-06-10T11:00:00.000Z",
    ...overrides,
  };
}

export const requestsPage = (requests: FollowRequest[], nextCursor: string | null = null) =>
  jsonResponse(200, { requests, nextCursor });

/** Alice (private, with `count` requests waiting) signed in on `path`. */
export function openAsPrivateAlice(path: string, routes: Routes, count = 2) {
  signInAsAlice();
  const fetchMock = stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: makeUser({ isPrivate: true, followRequestsCount: count }) }),
      ...routes,
    }),
  );
  return { ...renderApp(path), fetchMock };
}

/** A response the test releases when it chooses. */
export function deferred() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

const OUTCOME = /^(Confirmed|Request removed)$/;

/** What an answered request's row says in place of Confirm and Delete. */
export const outcomeIn = (row: HTMLElement) => within(row).getByText(OUTCOME);
export const queryOutcomeIn = (row: HTMLElement) => within(row).queryByText(OUTCOME);
