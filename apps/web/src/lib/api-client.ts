import type { ApiErrorBody } from "@flik/shared";
import { emitLogout } from "./auth-events";
import { takeEarlyRead } from "./early-reads";
import { noteServerDate } from "./server-clock";
import { clearAuth, getToken } from "./storage";

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? "/api";

/** Spec §8: a 401 on these requests means the session itself is gone, not just one action refused. */
const CRITICAL_AUTH_PATHS = ["/user", "/profile/me", "/auth/verify"];

export function isCriticalAuthPath(path: string): boolean {
  return CRITICAL_AUTH_PATHS.some((fragment) => path.includes(fragment));
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  /** A machine-readable reason some answers carry beside their message (e.g. "external_email_in_use"). */
  readonly code: string | undefined;

  constructor(status: number, body: ApiErrorBody | null, code?: string) {
    super(body?.message || `Request failed with status ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.code = code;
  }

  /** The server's own message, when it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.message || undefined;
  }

  get fieldErrors(): Record<string, string> {
    const byField: Record<string, string> = {};
    for (const { field, message } of this.body?.errors ?? []) byField[field] ??= message;
    return byField;
  }
}

/** The server's message for a failed call, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/**
 * A screen's own failure text, or the server's words when it refused for the number of tries (429: "You
 * can download your data 3 times an hour. Please try again in 59 minutes."), which the screen's text
 * would hide: trying again at once would fail the same way.
 */
export function failureText(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.status === 429 && error.serverMessage) || fallback;
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  /** An `Authorization` given here wins over the stored session's (an identity provider's token). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  if (!response.headers.get("content-type")?.includes("json")) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function asErrorBody(value: unknown): ApiErrorBody | null {
  if (!value || typeof value !== "object") return null;
  const { message, errors } = value as Partial<ApiErrorBody>;
  return {
    message: typeof message === "string" ? message : "",
    errors: Array.isArray(errors) ? errors : undefined,
  };
}

function errorCode(value: unknown): string | undefined {
  const code = value && typeof value === "object" ? (value as { code?: unknown }).code : undefined;
  return typeof code === "string" && code ? code : undefined;
}

/**
 * A read the server has not answered (body and all) in this long fails as a lost connection does, so
 * that no screen waits on its skeleton for good. A write is not given up on: it may yet be stored, and
 * sending it again (Retry) could store it twice.
 */
export const API_TIMEOUT_MS = 30_000;

/** How a read given up on fails (`isTimeout`): not retried at once, the server being this slow. */
const TIMEOUT = "TimeoutError";

export function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && error.name === TIMEOUT;
}

/** `answer`, unless `signal` aborts first. */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    answer.then(resolve, reject);
  });
}

/**
 * Sends the call and reads its answer, giving up when `signal` aborts, and a read after API_TIMEOUT_MS.
 * A read the page sent early (`early`, lib/early-reads.ts) is waited for instead of sent again, given
 * up on as its own would be.
 */
async function send(
  url: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
  early: Promise<Response> | undefined,
) {
  const controller = new AbortController();
  const stop = () => controller.abort(signal?.reason);
  if (signal?.aborted) stop();
  signal?.addEventListener("abort", stop);
  const timer =
    init.method === "GET"
      ? setTimeout(
          () => controller.abort(new DOMException("The server took too long to answer", TIMEOUT)),
          API_TIMEOUT_MS,
        )
      : undefined;
  try {
    const response = await (early
      ? untilAborted(early, controller.signal)
      : fetch(url, { ...init, signal: controller.signal }).then((answer) => {
          // An early read notes its own as it comes (lib/early-reads): it may wait a while to be taken.
          noteServerDate(answer.headers.get("date"));
          return answer;
        }));
    const data = await readJson(response);
    // An answer cut off half-read is no answer.
    controller.signal.throwIfAborted();
    return { response, data };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", stop);
  }
}

export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...request.headers };
  const token = getToken();
  // Only a plain GET made with the session: a write, or a call with a token of its own, is sent itself.
  const early =
    (request.method ?? "GET") === "GET" && request.headers === undefined
      ? takeEarlyRead(path, token)
      : undefined;
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;
  if (request.body !== undefined) headers["Content-Type"] = "application/json";

  const { response, data } = await send(
    `${API_BASE}${path}`,
    {
      method: request.method ?? "GET",
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      credentials: "include",
    },
    request.signal,
    early,
  );

  if (!response.ok) {
    if (response.status === 401 && isCriticalAuthPath(path)) {
      clearAuth();
      emitLogout("unauthorized");
    }
    throw new ApiError(response.status, asErrorBody(data), errorCode(data));
  }
  return data as T;
}
