import { describe, expect, it } from "vitest";
import { locationToPath, resolveLoginRedirect, signedUpIdentifier } from "./redirect";

describe("resolveLoginRedirect", () => {
  it("returns to the remembered origin with its search and hash", () => {
    expect(resolveLoginRedirect({ from: "/chat?with=bob#latest" })).toBe("/chat?with=bob#latest");
  });

  it("defaults to /profile without an origin", () => {
    expect(resolveLoginRedirect(null)).toBe("/profile");
    expect(resolveLoginRedirect({})).toBe("/profile");
  });

  it("never returns to the auth screens or off the site", () => {
    expect(resolveLoginRedirect({ from: "/login" })).toBe("/profile");
    expect(resolveLoginRedirect({ from: "/" })).toBe("/profile");
    expect(resolveLoginRedirect({ from: "//evil.example/x" })).toBe("/profile");
    expect(resolveLoginRedirect({ from: "https://evil.example" })).toBe("/profile");
  });
});

describe("locationToPath", () => {
  it("joins pathname, search and hash", () => {
    expect(locationToPath({ pathname: "/post/alice/1", search: "?edit=1", hash: "#c" })).toBe(
      "/post/alice/1?edit=1#c",
    );
  });
});

describe("signedUpIdentifier", () => {
  it("reads the username sign-up handed over, and nothing else", () => {
    expect(signedUpIdentifier({ identifier: "alice" })).toBe("alice");
    expect(signedUpIdentifier({ identifier: "" })).toBeUndefined();
    expect(signedUpIdentifier({ identifier: 42 })).toBeUndefined();
    expect(signedUpIdentifier({ from: "/chat" })).toBeUndefined();
    expect(signedUpIdentifier(null)).toBeUndefined();
  });
});
