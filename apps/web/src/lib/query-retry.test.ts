import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { retryAdvice } from "./query-retry";

const SERVER_FAILED = "Something went wrong on our side. Please try again in a moment.";
const CONNECTION = "Check your connection and try again.";

describe("retryAdvice", () => {
  it("blames the server for its own failure, with or without a message", () => {
    expect(retryAdvice(new ApiError(500, null))).toBe(SERVER_FAILED);
    expect(retryAdvice(new ApiError(503, { message: "Service Unavailable" }))).toBe(SERVER_FAILED);
  });

  it("says a 429's own words, which tell how long to wait", () => {
    const limited = new ApiError(429, { message: "Too many searches. Please try again in 30 seconds." });
    expect(retryAdvice(limited)).toBe("Too many searches. Please try again in 30 seconds.");
    expect(retryAdvice(new ApiError(429, null))).toBe(SERVER_FAILED);
  });

  it("blames the connection for anything else", () => {
    expect(retryAdvice(new TypeError("Failed to fetch"))).toBe(CONNECTION);
    expect(retryAdvice(new ApiError(404, { message: "Post not found" }))).toBe(CONNECTION);
  });
});
