import { describe, expect, it } from "vitest";
import { WEBSITE_MAX_LENGTH } from "./constants.js";
import { websiteSchema } from "./users.js";
import { httpAddress } from "./website.js";

const FULL_ADDRESS = "Website must be a full address, like https://example.com";

/** The one message the rule gives `website`, or null when it takes it. */
function refusal(website: string): string | null {
  const checked = websiteSchema.safeParse(website);
  return checked.success ? null : (checked.error.issues[0]?.message ?? "");
}

describe("httpAddress", () => {
  it("reads an http(s) address as a browser does", () => {
    expect(httpAddress("https://example.com:8080/a?b=1#c")?.port).toBe("8080");
    expect(httpAddress("HTTP://Example.COM")?.hostname).toBe("example.com");
  });

  it.each([
    "https://example.com:99999",
    "https://example.com:80a",
    "https://ex%00ample.com",
    "https://",
    "example.com",
  ])("is null for %j, which a browser can't open", (address) => {
    expect(httpAddress(address)).toBeNull();
  });

  it("is null for an address of another scheme", () => {
    expect(httpAddress("javascript:alert(1)")).toBeNull();
    expect(httpAddress("ftp://example.com")).toBeNull();
  });
});

describe("websiteSchema", () => {
  it.each([
    "https://example.com",
    "http://example.com:8080",
    "https://example.com/a/path",
    "https://example.com/search?q=flik&page=2",
    "https://medium.example/@erin",
    "https://bücher.example",
    "",
  ])("takes %j", (website) => {
    expect(refusal(website)).toBeNull();
  });

  it.each([
    "https://example.com:99999",
    "https://example.com:80a",
    "https://ex%00ample.com",
    // The dot is in the query: the host is `x`.
    "https://x?a.b",
    "https://localhost",
    // A fully qualified name's final dot is no dot between names.
    "https://localhost.",
  ])("refuses %j, which the profile could not show as a site, as not a full address", (website) => {
    expect(refusal(website)).toBe(FULL_ADDRESS);
  });

  it("keeps its other rules", () => {
    expect(refusal("javascript:alert(1)")).toBe("Website must start with http:// or https://");
    expect(refusal("https://bank.example@evil.example")).toBe("Website can't include a username or password");
    expect(refusal(`https://example.com/${"a".repeat(WEBSITE_MAX_LENGTH)}`)).toBe(
      `Website must be at most ${WEBSITE_MAX_LENGTH} characters`,
    );
  });
});
