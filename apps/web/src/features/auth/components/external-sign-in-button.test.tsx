import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { acmeProvider, fakeOidc } from "../../../test/fake-oidc";
import { fetchRoutes, jsonResponse, pending } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";
import { providerKeys } from "../api/providers.queries";

vi.mock("oidc-client-ts", async () => (await import("../../../test/fake-oidc")).fakeOidcModule);

const STARTED_KEY = "flik:externalSignInStarted";

function withProvider(oidc: unknown = acmeProvider) {
  return stubFetch(fetchRoutes({ "GET /auth/providers": jsonResponse(200, { oidc }) }));
}

beforeEach(() => fakeOidc.reset());

describe("Continue with {provider} (issue 19)", () => {
  it.each([
    ["sign-in", "/login", "Welcome back"],
    ["sign-up", "/", "Create your account"],
  ])("is offered on %s, under an 'or', once the server names a provider", async (_page, path, heading) => {
    withProvider();
    renderApp(path);

    expect(screen.getByRole("heading", { name: heading })).toBeInTheDocument();
    const button = await screen.findByRole("button", { name: "Continue with Acme ID" });
    expect(button).toHaveTextContent("Continue with Acme ID");
    expect(screen.getByText("or")).toBeInTheDocument();
  });

  it("is not shown when external sign-in is off", async () => {
    const fetchMock = withProvider(null);
    renderApp("/login");

    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/auth/providers", expect.anything()));
    expect(await screen.findByRole("button", { name: "Log in" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Continue with/ })).not.toBeInTheDocument();
    expect(screen.queryByText("or")).not.toBeInTheDocument();
  });

  it("is not shown while the provider is unknown", () => {
    stubFetch(fetchRoutes({ "GET /auth/providers": () => pending() }));
    renderApp("/login");

    expect(screen.getByRole("button", { name: "Log in" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it("is asked for again when a sign-out empties the cache while the question is out", async () => {
    let asked = 0;
    stubFetch(
      fetchRoutes({
        "GET /auth/providers": () =>
          ++asked === 1 ? pending() : Promise.resolve(jsonResponse(200, { oidc: acmeProvider })),
      }),
    );
    const { queryClient } = renderApp("/login");
    await waitFor(() => expect(asked).toBe(1));
    // What a sign-out does as it lands on /login (logout-listener).
    queryClient.removeQueries();

    expect(await screen.findByRole("button", { name: "Continue with Acme ID" })).toBeInTheDocument();
    expect(asked).toBe(2);
  });

  it("is not shown when the server cannot say", async () => {
    stubFetch(fetchRoutes({ "GET /auth/providers": jsonResponse(500, { message: "Internal error" }) }));
    const { queryClient } = renderApp("/");

    await waitFor(() => expect(queryClient.getQueryState(providerKeys.external())?.status).toBe("error"));
    expect(screen.queryByRole("button", { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it("sends the browser to the provider with PKCE's code flow, remembering where the member was going", async () => {
    withProvider();
    const { user } = renderApp({ pathname: "/login", state: { from: "/chat?with=bob#latest" } });

    await user.click(await screen.findByRole("button", { name: "Continue with Acme ID" }));

    await waitFor(() => expect(fakeOidc.redirect).toHaveBeenCalledTimes(1));
    expect(fakeOidc.redirect).toHaveBeenCalledWith({
      state: { purpose: "signin", returnTo: "/chat?with=bob#latest" },
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(fakeOidc.settings[0]).toMatchObject({
      authority: "https://id.acme.test",
      client_id: "flik-web",
      redirect_uri: `${window.location.origin}/auth/callback`,
      response_type: "code",
      scope: "openid profile email",
      extraQueryParams: { audience: "https://api.flik.test" },
    });
    expect(fakeOidc.settings[0]?.stateStore.options.store).toBe(window.sessionStorage);
    expect(fakeOidc.settings[0]?.userStore.options.store).not.toBe(window.sessionStorage);
    expect(window.sessionStorage.getItem(STARTED_KEY)).not.toBeNull();
    expect(screen.getByRole("button", { name: "Continue with Acme ID" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("asks for no audience when the provider has none, and goes to /profile from sign-up", async () => {
    withProvider({ ...acmeProvider, audience: null });
    const { user } = renderApp("/");

    await user.click(await screen.findByRole("button", { name: "Continue with Acme ID" }));

    await waitFor(() => expect(fakeOidc.redirect).toHaveBeenCalledTimes(1));
    expect(fakeOidc.settings[0]).not.toHaveProperty("extraQueryParams");
    expect(fakeOidc.redirect).toHaveBeenCalledWith({
      state: { purpose: "signin", returnTo: "/profile" },
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it("remembers only a safe in-app origin, as password sign-in does", async () => {
    withProvider();
    const { user } = renderApp({ pathname: "/login", state: { from: "//evil.example/phish" } });

    await user.click(await screen.findByRole("button", { name: "Continue with Acme ID" }));

    await waitFor(() =>
      expect(fakeOidc.redirect).toHaveBeenCalledWith({
        state: { purpose: "signin", returnTo: "/profile" },
        nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      }),
    );
  });

  it("says so and can be tried again when the provider cannot be reached", async () => {
    const error = vi.spyOn(toast, "error");
    fakeOidc.redirect.mockImplementation(() => Promise.reject(new TypeError("Failed to fetch")));
    vi.spyOn(console, "error").mockImplementation(() => {});
    withProvider();
    const { user } = renderApp("/login");

    const button = await screen.findByRole("button", { name: "Continue with Acme ID" });
    await user.click(button);

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("We couldn't reach Acme ID. Please try again in a moment.", {
        position: "top-center",
      }),
    );
    // The focus never left it: a keyboard member presses Enter again from where they were.
    expect(button).toHaveFocus();
    expect(button).not.toHaveAttribute("aria-disabled");
    expect(window.sessionStorage.getItem(STARTED_KEY)).toBeNull();
  });
});
