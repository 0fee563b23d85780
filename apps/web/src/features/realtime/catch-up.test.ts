import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { mayHaveMissed, missedOnConnect } from "./catch-up";

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

describe("mayHaveMissed", () => {
  it("skips reading again only on a first connect whose rooms were quiet since before the page's reads", () => {
    expect(mayHaveMissed({ ok: true, quietForMs: 2_000 }, true, 1_500)).toBe(false);
    expect(mayHaveMissed({ ok: true, quietForMs: 1_000 }, true, 1_500)).toBe(true);
    // A server that cannot tell (several nodes) says nothing; a refusal joined nothing.
    expect(mayHaveMissed({ ok: true }, true, 100)).toBe(true);
    expect(mayHaveMissed({ ok: false, error: "Too many", status: 429 }, true, 100)).toBe(true);
    // Post, profile and chat rooms are not in the server's answer, and a reconnect left them a while.
    expect(mayHaveMissed({ ok: true, quietForMs: 30_000 }, false, 1_500)).toBe(true);
  });
});
