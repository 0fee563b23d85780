import { describe, expect, it } from "vitest";
import { mustReconnect } from "./reconnect";

describe("mustReconnect", () => {
  it("takes back up a socket the server disconnected, unless its session was revoked", () => {
    expect(mustReconnect("io server disconnect", false)).toBe(true);
    expect(mustReconnect("io server disconnect", true)).toBe(false);
  });

  it.each(["transport close", "transport error", "ping timeout", "parse error"] as const)(
    "leaves a %s to socket.io-client's own reconnection",
    (reason) => {
      expect(mustReconnect(reason, false)).toBe(false);
    },
  );

  it("never undoes the app's own disconnect (sign-out)", () => {
    expect(mustReconnect("io client disconnect", false)).toBe(false);
  });
});
