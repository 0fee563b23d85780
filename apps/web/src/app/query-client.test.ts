import { onlineManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../lib/api-client";
import { createQueryClient } from "./query-client";

const retry = createQueryClient().getDefaultOptions().queries?.retry;
const retries = (failureCount: number, error: unknown) =>
  typeof retry === "function" ? retry(failureCount, error as Error) : retry;

describe("reads that fail", () => {
  afterEach(() => onlineManager.setOnline(true));

  it("are tried twice more when the network or the server failed", () => {
    for (const error of [new TypeError("Failed to fetch"), new ApiError(503, { message: "Busy" })]) {
      expect(retries(0, error)).toBe(true);
      expect(retries(1, error)).toBe(true);
      expect(retries(2, error)).toBe(false);
    }
  });

  it("are not tried again while the browser is offline: a read asked offline says so at once", () => {
    onlineManager.setOnline(false);
    expect(retries(0, new TypeError("Failed to fetch"))).toBe(false);
  });

  it("are not tried again when refused: a refusal is final and the screen says so at once", () => {
    for (const status of [400, 401, 403, 404, 429])
      expect(retries(0, new ApiError(status, { message: "No" })), String(status)).toBe(false);
  });
});
