import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { missedOnConnect } from "./catch-up";

describe("missedOnConnect", () => {
  it("asks again what was read and what failed to arrive, never a refusal", () => {
    const queryClient = new QueryClient();
    const cached = queryClient.getQueryCache();
    queryClient.setQueryData(["read"], "answer");
    cached.build(queryClient, { queryKey: ["loading"] });
    for (const [key, error] of [
      ["missing", new ApiError(404, { message: "Post not found" })],
      ["hidden", new ApiError(403, { message: "You can't see this" })],
      ["server", new ApiError(503, { message: "Busy" })],
      ["throttled", new ApiError(429, { message: "Too many requests" })],
      ["offline", new TypeError("Failed to fetch")],
    ] as const)
      cached.build(queryClient, { queryKey: [key] }).setState({ status: "error", error });

    const asked = cached.findAll({ predicate: missedOnConnect }).map((query) => query.queryKey[0]);
    expect(asked.sort()).toEqual(["loading", "offline", "read", "server", "throttled"]);
  });
});
