import type { ExternalProvider } from "@flik/shared";
import { vi } from "vitest";

/** The provider the tests' server names (GET /auth/providers). */
export const acmeProvider: ExternalProvider = {
  name: "Acme ID",
  issuer: "https://id.acme.test",
  clientId: "flik-web",
  audience: "https://api.flik.test",
  scope: "openid profile email",
};

interface ManagerSettings {
  authority: string;
  client_id: string;
  redirect_uri: string;
  response_type: string;
  scope: string;
  extraQueryParams?: Record<string, string>;
  stateStore: { options: { store: unknown } };
  userStore: { options: { store: unknown } };
}

/**
 * Stands in for oidc-client-ts at its module boundary (each test file mocks "oidc-client-ts" with
 * `fakeOidcModule`): records the settings and the calls, and lets a test play the provider's part.
 */
export const fakeOidc = {
  settings: [] as ManagerSettings[],
  /** `signinRedirect`: by default the page leaves for the provider (a promise that never settles). */
  redirect: vi.fn((_args: { state: unknown; nonce?: string }): Promise<void> => new Promise(() => {})),
  /** `signinRedirectCallback`: the provider's answer for the current URL. */
  callback: vi.fn((_url: string): Promise<unknown> => Promise.reject(new Error("No state in response"))),
  reset() {
    fakeOidc.settings = [];
    fakeOidc.redirect.mockReset();
    fakeOidc.redirect.mockImplementation(() => new Promise(() => {}));
    fakeOidc.callback.mockReset();
    fakeOidc.callback.mockImplementation(() => Promise.reject(new Error("No state in response")));
  },
};

/** The user oidc-client-ts answers after a good exchange. */
export function providerUser(state: unknown, profile: Record<string, unknown> = {}) {
  return {
    id_token: "acme-id-token",
    profile: {
      sub: "acme|alice",
      email: "alice@example.com",
      name: "Alice Liddell",
      picture: "https://id.acme.test/alice.png",
      ...profile,
    },
    state,
  };
}

/** The library's error for an answer of the provider itself (`?error=access_denied&state=…`). */
export class FakeErrorResponse extends Error {
  override readonly name = "ErrorResponse";
  constructor(
    readonly error: string,
    readonly state?: unknown,
  ) {
    super(error);
  }
}

export const fakeOidcModule = {
  UserManager: class {
    constructor(settings: ManagerSettings) {
      fakeOidc.settings.push(settings);
    }
    signinRedirect(args: { state: unknown; nonce?: string }) {
      return fakeOidc.redirect(args);
    }
    signinRedirectCallback(url: string) {
      return fakeOidc.callback(url);
    }
  },
  WebStorageStateStore: class {
    constructor(readonly options: { store: unknown }) {}
  },
  InMemoryWebStorage: class {},
};
