import { onlineManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { retriesTransientFailure } from "./query-retry";

describe("retriesTransientFailure", () => {
  afterEach(() => onlineManager.setOnline(true));

  it("tries a network or server failure twice more, a refusal never", () => {
    const network = new TypeError("Failed to fetch");
    expect([0, 1, 2].map((count) => retriesTransientFailure(count, network))).toEqual([true, true, false]);
    expect(retriesTransientFailure(0, new ApiError(503, {}))).toBe(true);
    expect(retriesTransientFailure(0, new ApiError(404, { message: "Post not found" }))).toBe(false);
  });

  it("tries nothing again while the browser is offline: the failure is said at once", () => {
    onlineManager.setOnline(false);
    expect(retriesTransientFailure(0, new TypeError("Failed to fetch"))).toBe(false);
  });
});
