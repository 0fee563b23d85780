import { describe, expect, it } from "vitest";
import { signinBody, signupBody } from "./auth.js";

describe("signupBody", () => {
  const valid = {
    fullName: " Alice Liddell ",
    username: "Alice_01",
    email: " Alice@Example.COM ",
    password: "wonderland",
  };

  it("normalises names and e-mail", () => {
    expect(signupBody.parse(valid)).toEqual({
      fullName: "Alice Liddell",
      username: "alice_01",
      email: "alice@example.com",
      password: "wonderland",
    });
  });

  it("drops unknown fields", () => {
    expect(signupBody.parse({ ...valid, isAdmin: true, verified: true })).not.toHaveProperty("isAdmin");
  });

  it.each([
    ["username", "a b"],
    ["username", "ab"],
    ["email", "not-an-email"],
    ["password", "short"],
    ["fullName", "   "],
  ])("refuses a bad %s", (field, value) => {
    const result = signupBody.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe("signinBody", () => {
  it("needs both fields", () => {
    expect(signinBody.safeParse({ identifier: "alice" }).success).toBe(false);
    expect(signinBody.safeParse({ identifier: "alice", password: "x" }).success).toBe(true);
  });
});
