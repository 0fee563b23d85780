import { HANDOFF_INVALID_MESSAGE } from "@flik/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { clearAuth, getToken, getUserId, getUsername, saveAuth } from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import {
  fetchRoutes,
  jsonResponse,
  makeProfile,
  makeToken,
  makeUser,
  pending,
  sentJson,
} from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";
import { markExternalSignInStarted } from "../external/external-state";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

/** Alice's session as POST /auth/handoff hands it over. */
const aliceToken = makeToken({ sub: "u-alice", sid: "s-alice-7" });
const handedOver = { token: aliceToken, user: { id: "u-alice", username: "alice" } };
const carol = makeUser({ _id: "u-carol", id: "u-carol", username: "carol", fullName: "Carol Danvers" });
const carolToken = makeToken({ sub: "u-carol", sid: "s-carol-1" });

function signInAsCarol() {
  saveAuth({ token: carolToken, userId: "u-carol", username: "carol" });
}

/** Bob's profile, and GET /user answering whoever the bearer is. */
function routes(handoff: Parameters<typeof fetchRoutes>[0][string]) {
  const exchange = vi.fn(handoff instanceof Response ? () => handoff.clone() : handoff);
  const fetchMock = stubFetch(
    fetchRoutes({
      "POST /auth/handoff": exchange,
      "GET /user": (_url, init) => {
        const bearer = (init.headers as Record<string, string>).Authorization;
        return jsonResponse(200, { user: bearer === `Bearer ${carolToken}` ? carol : makeUser() });
      },
      "GET /profile/bob": jsonResponse(200, { user: makeProfile(), posts: [], isMyProfile: false }),
      "GET /highlights/user/bob": jsonResponse(200, { highlights: [] }),
    }),
  );
  return { exchange, fetchMock };
}

const exchanged = jsonResponse(200, handedOver);

describe("the hand-off code in a profile URL (spec §2, issue 19)", () => {
  it("leaves the address bar at once and is exchanged once with POST /auth/handoff, never stored", async () => {
    const { exchange } = routes(() => pending());
    const { router } = renderApp("/profile/bob?token=code-1&tab=fliks#top");

    await waitFor(() => expect(exchange).toHaveBeenCalledTimes(1));
    expect(sentJson(exchange)).toEqual({ code: "code-1" });
    expect(router.state.location).toMatchObject({
      pathname: "/profile/bob",
      search: "?tab=fliks",
      hash: "#top",
    });
    expect(router.state.historyAction).toBe("REPLACE");
    expect(getToken()).toBeNull();
    // A signed-out visit waits for the exchange instead of going to /login.
    expect(router.state.location.pathname).toBe("/profile/bob");
  });

  describe("in a signed-out browser", () => {
    it("asks 'Continue as @alice?' first when this tab started no sign-in, and signs in on Continue", async () => {
      routes(exchanged);
      const { router, user } = renderApp("/profile/bob?token=code-1");

      const dialog = await screen.findByRole("dialog", { name: "Continue as @alice?" });
      expect(dialog).toHaveTextContent("A link is signing this browser in as @alice.");
      expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
      expect(getToken()).toBeNull();

      await user.click(within(dialog).getByRole("button", { name: "Continue" }));

      expect(await screen.findByRole("heading", { level: 1, name: "@bob" })).toBeInTheDocument();
      expect(getToken()).toBe(aliceToken);
      expect(getUserId()).toBe("u-alice");
      expect(getUsername()).toBe("alice");
      expect(router.state.location.pathname).toBe("/profile/bob");
    });

    it("stays signed out on Cancel: /login, remembering the page", async () => {
      routes(exchanged);
      const { router, user } = renderApp("/profile/bob?token=code-1");

      const dialog = await screen.findByRole("dialog", { name: "Continue as @alice?" });
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

      expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
      expect(router.state.location.state).toEqual({ from: "/profile/bob" });
      expect(getToken()).toBeNull();
    });

    it("signs in without asking when this tab started an external sign-in, and forgets that it did", async () => {
      markExternalSignInStarted();
      routes(exchanged);
      renderApp("/profile/bob?token=code-1");

      expect(await screen.findByRole("heading", { level: 1, name: "@bob" })).toBeInTheDocument();
      expect(getToken()).toBe(aliceToken);
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      expect(window.sessionStorage.length).toBe(0);
    });

    it("asks again for a second link: the mark is used once", async () => {
      markExternalSignInStarted();
      routes(exchanged);
      const { router } = renderApp("/profile/bob?token=code-1");
      await waitFor(() => expect(getToken()).toBe(aliceToken));
      clearAuth();
      // Signed out, the guard sends the tab to /login: the second link is opened after that, as a link
      // opened later is (not raced by the guard's redirect of the page before).
      await waitFor(() => expect(router.state.location.pathname).toBe("/login"));

      await router.navigate("/profile/bob?token=code-2");

      expect(await screen.findByRole("dialog", { name: "Continue as @alice?" })).toBeInTheDocument();
    });

    it("refuses a session token put in place of a code: the server's message, still signed out", async () => {
      const error = vi.spyOn(toast, "error");
      routes(jsonResponse(400, { message: HANDOFF_INVALID_MESSAGE }));
      const { router } = renderApp(`/profile/bob?token=${aliceToken}`);

      expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
      expect(error).toHaveBeenCalledWith(HANDOFF_INVALID_MESSAGE);
      expect(getToken()).toBeNull();
      expect(router.state.location.state).toEqual({ from: "/profile/bob" });
    });
  });

  describe("in a signed-in browser", () => {
    it("keeps the same member without asking, on the session handed over", async () => {
      saveAuth({
        token: makeToken({ sub: "u-alice", sid: "s-alice-1" }),
        userId: "u-alice",
        username: "alice",
      });
      const { exchange } = routes(exchanged);
      renderApp("/profile/bob?token=code-1");

      await waitFor(() => expect(getToken()).toBe(aliceToken));
      expect(exchange).toHaveBeenCalledTimes(1);
      expect(await screen.findByRole("heading", { level: 1, name: "@bob" })).toBeInTheDocument();
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });

    it("asks before switching to another member, even when this tab started a sign-in", async () => {
      signInAsCarol();
      markExternalSignInStarted();
      routes(exchanged);
      const { user } = renderApp("/profile/bob?token=code-1");

      const dialog = await screen.findByRole("dialog", { name: "Continue as @alice?" });
      expect(dialog).toHaveTextContent(
        "You're signed in here as @carol. Continuing signs this browser in as @alice instead.",
      );
      expect(getToken()).toBe(carolToken);

      await user.click(within(dialog).getByRole("button", { name: "Continue" }));

      await waitFor(() => expect(getToken()).toBe(aliceToken));
      expect(getUserId()).toBe("u-alice");
      expect(getUsername()).toBe("alice");
    });

    it("stays the member it was on Cancel", async () => {
      signInAsCarol();
      routes(exchanged);
      const { user } = renderApp("/profile/bob?token=code-1");

      const dialog = await screen.findByRole("dialog", { name: "Continue as @alice?" });
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
      expect(await screen.findByRole("heading", { level: 1, name: "@bob" })).toBeInTheDocument();
      expect(getToken()).toBe(carolToken);
      expect(getUsername()).toBe("carol");
    });

    it("keeps the session on a refused code, with the server's message", async () => {
      const error = vi.spyOn(toast, "error");
      signInAsCarol();
      routes(jsonResponse(400, { message: HANDOFF_INVALID_MESSAGE }));
      const { router } = renderApp("/profile/bob?token=used-code");

      await waitFor(() => expect(error).toHaveBeenCalledWith(HANDOFF_INVALID_MESSAGE));
      expect(await screen.findByRole("heading", { level: 1, name: "@bob" })).toBeInTheDocument();
      expect(getToken()).toBe(carolToken);
      expect(router.state.location.search).toBe("");
    });
  });

  it("is ignored outside profile URLs", async () => {
    const { exchange } = routes(exchanged);
    const { router } = renderApp("/settings?token=code-1");

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(exchange).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });
});
