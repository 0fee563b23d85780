import { EXTERNAL_EMAIL_IN_USE_CODE, externalEmailInUseMessage, IDENTITY_TAKEN_MESSAGE } from "@flik/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getToken, getUserId, getUsername, saveAuth } from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { signInAsAlice } from "../../../test/auth-storage";
import { acmeProvider, FakeErrorResponse, fakeOidc, providerUser } from "../../../test/fake-oidc";
import { fetchRoutes, jsonResponse, makeToken, makeUser, pending, sentJson } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";

vi.mock("oidc-client-ts", async () => (await import("../../../test/fake-oidc")).fakeOidcModule);
vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

type Handler = Parameters<typeof fetchRoutes>[0][string];

const CALLBACK = "/auth/callback?code=acme-code&state=acme-state";
const aliceToken = makeToken({ sub: "u-alice", sid: "s-alice-9" });
const synced = {
  token: aliceToken,
  user: { id: "u-alice", username: "alice" },
  handoffCode: "h-1",
  created: false,
};

function serve(routes: Record<string, Handler> = {}, provider: unknown = acmeProvider) {
  return stubFetch(
    fetchRoutes({
      "GET /auth/providers": jsonResponse(200, { oidc: provider }),
      "GET /user": () => pending(),
      ...routes,
    }),
  );
}

function answered(state: unknown, profile?: Record<string, unknown>) {
  fakeOidc.callback.mockResolvedValue(providerUser(state, profile));
}

beforeEach(() => {
  fakeOidc.reset();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("/auth/callback: signing in (issue 19)", () => {
  it("shows 'Signing you in…', syncs with the provider's ID token as bearer, stores the session and goes on", async () => {
    const success = vi.spyOn(toast, "success");
    // An old, expired session of someone else is still stored: it must not be sent, nor survive.
    saveAuth({ token: makeToken({ sub: "u-old", exp: 1 }), userId: "u-old", username: "old" });
    answered({ purpose: "signin", returnTo: "/chat?with=bob#latest" });
    let answer: (response: Response) => void = () => {};
    const sync = vi.fn(
      (_url: string, _init: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)),
    );
    serve({ "POST /auth/auth0": sync });
    const { router } = renderApp(CALLBACK);

    expect(await screen.findByRole("status")).toHaveTextContent("Signing you in…");
    await waitFor(() => expect(sync).toHaveBeenCalledTimes(1));
    expect(sync.mock.calls[0]?.[1].headers).toMatchObject({ Authorization: "Bearer acme-id-token" });
    expect(sentJson(sync)).toEqual({
      auth0Id: "acme|alice",
      email: "alice@example.com",
      fullName: "Alice Liddell",
      picture: "https://id.acme.test/alice.png",
    });
    expect(getToken()).not.toBe(aliceToken);

    answer(jsonResponse(200, synced));

    await waitFor(() =>
      expect(router.state.location).toMatchObject({
        pathname: "/chat",
        search: "?with=bob",
        hash: "#latest",
      }),
    );
    expect(getToken()).toBe(aliceToken);
    expect(getUserId()).toBe("u-alice");
    expect(getUsername()).toBe("alice");
    expect(success).toHaveBeenCalledWith("Login successful! 🎉", { autoClose: 3000 });
    expect(router.state.historyAction).toBe("REPLACE");
    // A hand-off link this tab opens next is its own sign-in's: expected, not asked about.
    expect(window.sessionStorage.getItem("flik:externalSignInStarted")).not.toBeNull();
  });

  it("signs in whatever the provider's profile holds: hints that are not text are left out, a NUL taken away", async () => {
    answered(
      { purpose: "signin", returnTo: "/profile" },
      { name: ["Alice"], email: "alice\u0000@example.com", picture: 42, preferred_username: 12345 },
    );
    const sync = vi.fn(() => jsonResponse(200, synced));
    serve({ "POST /auth/auth0": sync });
    const { router } = renderApp(CALLBACK);

    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(sentJson(sync)).toEqual({ auth0Id: "acme|alice", email: "alice@example.com" });
    expect(getToken()).toBe(aliceToken);
  });

  it.each([
    ["cuts a long name to the hint's 100 characters", `${"x".repeat(99)}😀 and more`, "x".repeat(99)],
    ["leaves out a name holding half a character", "Al\ud800ice", undefined],
  ])("%s", async (_case, name, sent) => {
    answered({ purpose: "signin", returnTo: "/profile" }, { name });
    const sync = vi.fn(() => jsonResponse(200, synced));
    serve({ "POST /auth/auth0": sync });
    renderApp(CALLBACK);
    await waitFor(() => expect(sync).toHaveBeenCalledTimes(1));
    expect((sentJson(sync) as { fullName?: string }).fullName).toBe(sent);
  });

  it("says it couldn't sign in, not that it was cancelled, when the provider refuses the code", async () => {
    fakeOidc.callback.mockRejectedValue(
      new FakeErrorResponse("invalid_grant", { purpose: "signin", returnTo: "/chat" }),
    );
    renderApp(CALLBACK);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Couldn't sign you in. Try again.");
    expect(alert).not.toHaveTextContent("cancelled");
  });

  it("goes to /profile when the remembered place is not a safe in-app path", async () => {
    answered({ purpose: "signin", returnTo: "https://evil.example/" });
    serve({ "POST /auth/auth0": () => jsonResponse(201, { ...synced, created: true }) });
    const { router } = renderApp(CALLBACK);

    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(getToken()).toBe(aliceToken);
  });

  it("says 'Sign-in was cancelled' when the provider answers an error, with a way back to log in", async () => {
    fakeOidc.callback.mockRejectedValue(
      new FakeErrorResponse("access_denied", { purpose: "signin", returnTo: "/chat" }),
    );
    const sync = vi.fn();
    serve({ "POST /auth/auth0": sync });
    const { router, user } = renderApp("/auth/callback?error=access_denied&state=acme-state");

    const alert = await screen.findByRole("alert");
    expect(
      within(alert).getByRole("heading", { level: 1, name: "Sign-in was cancelled" }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(sync).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();

    await user.click(screen.getByRole("link", { name: "Back to log in" }));
    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: "/chat" });
  });

  it("shows the server's message and 'Sign in with password' when the e-mail belongs to an account", async () => {
    answered({ purpose: "signin", returnTo: "/post" });
    const message = externalEmailInUseMessage("Acme ID");
    serve({ "POST /auth/auth0": () => jsonResponse(409, { message, code: EXTERNAL_EMAIL_IN_USE_CODE }) });
    const { router, user } = renderApp(CALLBACK);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(message);
    expect(getToken()).toBeNull();

    await user.click(screen.getByRole("link", { name: "Sign in with password" }));
    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: "/post" });
  });

  it.each([
    ["a refused token (401)", 401],
    ["a server failure (500)", 500],
  ])("says 'Couldn't sign you in. Try again.' on %s", async (_case, status) => {
    answered({ purpose: "signin", returnTo: "/post" });
    serve({ "POST /auth/auth0": () => jsonResponse(status, { message: "Invalid identity token" }) });
    renderApp(CALLBACK);

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { level: 1 })).toHaveTextContent(
      "Couldn't sign you in. Try again.",
    );
    expect(alert).not.toHaveTextContent("Invalid identity token");
    expect(screen.getByRole("link", { name: "Back to log in" })).toHaveAttribute("href", "/login");
    expect(getToken()).toBeNull();
  });

  it.each([
    [
      "the provider cannot be reached (503)",
      503,
      "We couldn't reach the sign-in provider. Please try again in a moment.",
    ],
    [
      "the provider shared no e-mail (400)",
      400,
      "Acme ID did not share an e-mail address, and Flik needs one. Allow Flik to see your e-mail address, then try again.",
    ],
  ])("shows the server's reason when %s", async (_case, status, message) => {
    answered({ purpose: "signin", returnTo: "/post" });
    serve({ "POST /auth/auth0": () => jsonResponse(status, { message }) });
    renderApp(CALLBACK);

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { level: 1 })).toHaveTextContent("Couldn't sign you in");
    expect(alert).not.toHaveTextContent("Couldn't sign you in. Try again.");
    expect(alert).toHaveTextContent(message);
    expect(screen.getByRole("link", { name: "Back to log in" })).toHaveAttribute("href", "/login");
    expect(getToken()).toBeNull();
  });

  it("fails the same way when the answer does not match a request of this tab (state, nonce), calling nothing", async () => {
    fakeOidc.callback.mockRejectedValue(new Error("No matching state found in storage"));
    const sync = vi.fn();
    serve({ "POST /auth/auth0": sync });
    renderApp(CALLBACK);

    expect(await screen.findByRole("alert")).toHaveTextContent("Couldn't sign you in. Try again.");
    expect(sync).not.toHaveBeenCalled();
  });

  it("fails when external sign-in is off, without asking the provider", async () => {
    serve({}, null);
    renderApp(CALLBACK);

    expect(await screen.findByRole("alert")).toHaveTextContent("Couldn't sign you in. Try again.");
    expect(fakeOidc.callback).not.toHaveBeenCalled();
  });

  it("forgets that this tab started a sign-in when it comes back without one", async () => {
    window.sessionStorage.setItem("flik:externalSignInStarted", String(Date.now()));
    answered({ purpose: "signin", returnTo: "/post" });
    serve({ "POST /auth/auth0": () => jsonResponse(401, { message: "Invalid identity token" }) });
    renderApp(CALLBACK);

    await screen.findByRole("alert");
    expect(window.sessionStorage.getItem("flik:externalSignInStarted")).toBeNull();
  });
});

describe("/auth/callback: linking from Settings (issue 19)", () => {
  const identities = {
    identities: [
      {
        id: "i-1",
        provider: "Acme ID",
        issuer: acmeProvider.issuer,
        email: "alice@example.com",
        createdAt: "2026-03-04T10:00:00.000Z",
      },
    ],
    hasPassword: true,
  };

  it("links the identity with the member's own session, then is back in Settings with a toast", async () => {
    const success = vi.spyOn(toast, "success");
    const sessionToken = signInAsAlice();
    answered({ purpose: "link", returnTo: "/settings" });
    const link = vi.fn((_url: string, _init: RequestInit) =>
      jsonResponse(201, { identity: identities.identities[0] }),
    );
    const sync = vi.fn();
    serve({
      "POST /user/identities": link,
      "POST /auth/auth0": sync,
      "GET /user": () => jsonResponse(200, { user: makeUser() }),
      "GET /user/identities": () => jsonResponse(200, identities),
    });
    const { router } = renderApp(CALLBACK);

    const panel = await screen.findByRole("dialog", { name: "Linked sign-ins" });
    expect(router.state.location.pathname).toBe("/settings");
    expect(sentJson(link)).toEqual({ idToken: "acme-id-token" });
    expect(link.mock.calls[0]?.[1].headers).toMatchObject({ Authorization: `Bearer ${sessionToken}` });
    expect(sync).not.toHaveBeenCalled();
    expect(success).toHaveBeenCalledWith("Acme ID linked");
    expect(await within(panel).findByText("alice@example.com")).toBeInTheDocument();
    expect(getToken()).toBe(sessionToken);
  });

  it("shows the server's reason when the identity belongs to another account, with a way back to Settings", async () => {
    const sessionToken = signInAsAlice();
    answered({ purpose: "link", returnTo: "/settings" });
    serve({ "POST /user/identities": () => jsonResponse(409, { message: IDENTITY_TAKEN_MESSAGE }) });
    renderApp(CALLBACK);

    const alert = await screen.findByRole("alert");
    // The reason says what to do; "Try again" would not help. The keyboard starts from what it says.
    const heading = within(alert).getByRole("heading", { level: 1 });
    expect(heading).toHaveTextContent(/^Couldn't link Acme ID$/);
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toMatch(/^Linking failed/);
    expect(alert).toHaveTextContent(IDENTITY_TAKEN_MESSAGE);
    expect(screen.getByRole("link", { name: "Back to settings" })).toHaveAttribute("href", "/settings");
    expect(getToken()).toBe(sessionToken);
  });

  it("shows the server's reason when the provider cannot be reached to check the link", async () => {
    signInAsAlice();
    answered({ purpose: "link", returnTo: "/settings" });
    const unreachable = "We couldn't reach the sign-in provider. Please try again in a moment.";
    serve({ "POST /user/identities": () => jsonResponse(503, { message: unreachable }) });
    renderApp(CALLBACK);

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { level: 1 })).toHaveTextContent(/^Couldn't link Acme ID$/);
    expect(alert).toHaveTextContent(unreachable);
  });

  it("leaves a refused session to the logout: /login, not back here", async () => {
    signInAsAlice();
    answered({ purpose: "link", returnTo: "/settings" });
    serve({ "POST /user/identities": () => jsonResponse(401, { message: "Session revoked" }) });
    const { router } = renderApp(CALLBACK);

    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(getToken()).toBeNull();
  });

  it("links nothing when the member is no longer signed in", async () => {
    answered({ purpose: "link", returnTo: "/settings" });
    const link = vi.fn();
    serve({ "POST /user/identities": link });
    renderApp(CALLBACK);

    expect(await screen.findByRole("alert")).toHaveTextContent("Couldn't link Acme ID. Try again.");
    expect(link).not.toHaveBeenCalled();
  });

  it("says 'Sign-in was cancelled' and leads back to Settings when the member cancels at the provider", async () => {
    signInAsAlice();
    fakeOidc.callback.mockRejectedValue(
      new FakeErrorResponse("access_denied", { purpose: "link", returnTo: "/settings" }),
    );
    serve();
    renderApp(CALLBACK);

    expect(
      await screen.findByRole("heading", { level: 1, name: "Sign-in was cancelled" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to settings" })).toHaveAttribute("href", "/settings");
  });
});
