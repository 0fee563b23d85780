import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../test/fixtures";
import { stubFetch } from "../test/render-app";
import {
  API_TIMEOUT_MS,
  ApiError,
  apiFetch,
  errorMessage,
  isCriticalAuthPath,
  isTimeout,
} from "./api-client";
import { LOGOUT_EVENT } from "./auth-events";
import { retriesTransientFailure } from "./query-retry";
import { getCachedUser, getToken, getUserId, getUsername, STORAGE_KEYS } from "./storage";

function signInAlice() {
  localStorage.setItem(STORAGE_KEYS.token, "alice-token");
  localStorage.setItem(STORAGE_KEYS.userId, "u-alice");
  localStorage.setItem(STORAGE_KEYS.username, "alice");
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: "u-alice", username: "alice" }));
}

describe("apiFetch", () => {
  const logoutListener = vi.fn();

  beforeEach(() => {
    window.addEventListener(LOGOUT_EVENT, logoutListener);
  });

  afterEach(() => {
    window.removeEventListener(LOGOUT_EVENT, logoutListener);
    logoutListener.mockReset();
  });

  it("sends the stored token as a bearer header and JSON bodies", async () => {
    signInAlice();
    const fetchMock = stubFetch(() => jsonResponse(200, { ok: true }));

    await expect(apiFetch("/posts", { method: "POST", body: { caption: "hi" } })).resolves.toEqual({
      ok: true,
    });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/posts");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe(JSON.stringify({ caption: "hi" }));
    expect(init?.headers).toMatchObject({
      Authorization: "Bearer alice-token",
      "Content-Type": "application/json",
    });
  });

  it("sends no Authorization header without a token", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, {}));
    await apiFetch("/auth/signin", { method: "POST", body: {} });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty("Authorization");
  });

  it("lets a caller's own Authorization (an identity provider's token) win over the stored one", async () => {
    signInAlice();
    const fetchMock = stubFetch(() => jsonResponse(200, {}));
    await apiFetch("/auth/auth0", {
      method: "POST",
      body: {},
      headers: { Authorization: "Bearer id-token" },
    });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: "Bearer id-token" });
  });

  it("keeps the machine-readable code an error answer carries", async () => {
    stubFetch(() => jsonResponse(409, { message: "In use", code: "external_email_in_use" }));
    const error = await apiFetch("/auth/auth0", { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: "external_email_in_use", serverMessage: "In use" });
  });

  it("throws an ApiError with the status, the server message and field errors", async () => {
    stubFetch(() =>
      jsonResponse(409, {
        message: "Username is taken",
        errors: [{ field: "username", message: "Username is taken" }],
      }),
    );

    const error = await apiFetch("/auth/signup", { method: "POST", body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, serverMessage: "Username is taken" });
    expect((error as ApiError).fieldErrors).toEqual({ username: "Username is taken" });
  });

  it.each(["/user", "/profile/me", "/auth/verify"])(
    "on a 401 from %s clears token, userId, username, the cached user and unread count and raises logout",
    async (path) => {
      signInAlice();
      localStorage.setItem(STORAGE_KEYS.unreadCount, "4");
      stubFetch(() => jsonResponse(401, { message: "Session expired" }));

      await expect(apiFetch(path)).rejects.toMatchObject({ status: 401 });

      expect(getToken()).toBeNull();
      expect(getUserId()).toBeNull();
      expect(getUsername()).toBeNull();
      expect(getCachedUser()).toBeNull();
      // The server's count comes again at the next sign-in; another member must not see this one's.
      expect(localStorage.getItem(STORAGE_KEYS.unreadCount)).toBeNull();
      expect(logoutListener).toHaveBeenCalledTimes(1);
    },
  );

  it.each(["/posts", "/chats/42/messages", "/sessions/logout-current"])(
    "on a 401 from %s keeps the auth data",
    async (path) => {
      signInAlice();
      stubFetch(() => jsonResponse(401, { message: "Not allowed" }));

      await expect(apiFetch(path)).rejects.toMatchObject({ status: 401 });

      expect(getToken()).toBe("alice-token");
      expect(getUserId()).toBe("u-alice");
      expect(getUsername()).toBe("alice");
      expect(logoutListener).not.toHaveBeenCalled();
    },
  );

  it("keeps the auth data on other errors from the critical paths", async () => {
    signInAlice();
    stubFetch(() => jsonResponse(500, { message: "Boom" }));
    await expect(apiFetch("/user")).rejects.toMatchObject({ status: 500 });
    expect(getToken()).toBe("alice-token");
    expect(logoutListener).not.toHaveBeenCalled();
  });
});

describe("apiFetch's patience", () => {
  /** A server that never answers: the call ends only when its signal aborts, as fetch's does. */
  function stubSilentServer() {
    return stubFetch(
      (_url, init) =>
        new Promise<Response>((_, reject) => {
          const signal = init.signal;
          if (signal?.aborted) reject(signal.reason);
          signal?.addEventListener("abort", () => reject(signal.reason));
        }),
    );
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives up on a call the server has not answered in 30 s, as on a lost connection", async () => {
    vi.useFakeTimers();
    stubSilentServer();
    let outcome: unknown = "pending";
    const call = apiFetch("/posts").catch((error: unknown) => {
      outcome = error;
    });

    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(outcome).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(outcome).toMatchObject({ name: "TimeoutError" });
    expect(isTimeout(outcome)).toBe(true);
    expect(outcome).not.toBeInstanceOf(ApiError);
    // Not tried again at once: it waited long enough.
    expect(retriesTransientFailure(0, outcome)).toBe(false);
  });

  it("never gives up on a write, which may yet be stored (Retry could store it twice)", async () => {
    vi.useFakeTimers();
    stubSilentServer();
    let outcome: unknown = "pending";
    void apiFetch("/posts", { method: "POST", body: { caption: "hi" } }).catch((error: unknown) => {
      outcome = error;
    });

    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS * 3);
    expect(outcome).toBe("pending");
  });

  it("still ends a call its caller cancels, with the caller's reason", async () => {
    stubSilentServer();
    const controller = new AbortController();
    const call = apiFetch("/posts", { signal: controller.signal });

    controller.abort(new DOMException("Left the screen", "AbortError"));

    await expect(call).rejects.toMatchObject({ name: "AbortError", message: "Left the screen" });
  });

  it("sends nothing more for a call cancelled before it was sent", async () => {
    const fetchMock = stubSilentServer();
    const controller = new AbortController();
    controller.abort(new DOMException("Gone", "AbortError"));

    await expect(apiFetch("/posts", { signal: controller.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
  });
});

describe("isCriticalAuthPath", () => {
  it("matches the spec's fragments anywhere in the path", () => {
    expect(isCriticalAuthPath("/user")).toBe(true);
    expect(isCriticalAuthPath("/user/privacy")).toBe(true);
    expect(isCriticalAuthPath("/profile/me")).toBe(true);
    expect(isCriticalAuthPath("/auth/verify-token")).toBe(true);
    expect(isCriticalAuthPath("/profile/alice")).toBe(false);
    expect(isCriticalAuthPath("/auth/signin")).toBe(false);
  });
});

describe("errorMessage", () => {
  it("prefers the server message and falls back otherwise", () => {
    expect(errorMessage(new ApiError(400, { message: "Bad input" }), "Fallback")).toBe("Bad input");
    expect(errorMessage(new ApiError(502, null), "Fallback")).toBe("Fallback");
    expect(errorMessage(new TypeError("Failed to fetch"), "Fallback")).toBe("Fallback");
  });
});
