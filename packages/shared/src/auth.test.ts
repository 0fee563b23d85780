import { describe, expect, it } from "vitest";
import { changePasswordBody, resetPasswordBody } from "./account.js";
import { fullNameSchema, passwordNamesMember, signinBody, signupBody } from "./auth.js";
import { bioSchema } from "./users.js";

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
    ["password", "        "],
    ["username", ".maya"],
    ["username", "maya."],
    ["username", "..."],
    ["username", "ma..ya"],
    ["fullName", "   "],
  ])("refuses a bad %s (%j)", (field, value) => {
    const result = signupBody.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it("says what is wrong with a username's periods, and keeps one between other letters", () => {
    const message = (username: string) =>
      signupBody.safeParse({ ...valid, username }).error?.issues[0]?.message;
    expect(message("maya.")).toBe("Username can't start or end with a period");
    expect(message("ma..ya")).toBe("Username can't have two periods in a row");
    expect(signupBody.parse({ ...valid, username: "maya.travels_" }).username).toBe("maya.travels_");
  });

  it("keeps Flik's own names from members, in any case", () => {
    const message = (username: string) =>
      signupBody.safeParse({ ...valid, username }).error?.issues[0]?.message;
    for (const name of ["flik", "Support", "ADMIN", "flik_official", "noreply"])
      expect(message(name), name).toBe("That username isn't available");
    expect(signupBody.parse({ ...valid, username: "support_maya" }).username).toBe("support_maya");
    expect(signupBody.parse({ ...valid, username: "flik.fan" }).username).toBe("flik.fan");
  });

  it("says a missing field in its own words, as the form names it", () => {
    const messages = (body: object) => signupBody.safeParse(body).error?.issues.map((issue) => issue.message);
    expect(messages({})).toEqual([
      "Full name is required",
      "Username is required",
      "Email is required",
      "Password is required",
    ]);
    expect(messages({ ...valid, fullName: null })).toEqual(["Full name is required"]);
    // Emptied (or only spaces): missing, said once, not as too short or a malformed address.
    expect(messages({ ...valid, username: "  ", email: "" })).toEqual([
      "Username is required",
      "Email is required",
    ]);
  });

  it("refuses a password of spaces only, and keeps one with spaces inside", () => {
    expect(signupBody.safeParse({ ...valid, password: " ".repeat(12) }).error?.issues[0]?.message).toBe(
      "Password can't be only spaces",
    );
    expect(signupBody.parse({ ...valid, password: "  to be or not  " }).password).toBe("  to be or not  ");
  });
});

describe("passwordNamesMember", () => {
  const member = { username: "qa_pw2_n", email: "secret123@example.com" };

  it("refuses the username or the e-mail address, or its name part, in any case and spaces around", () => {
    expect(passwordNamesMember(" qa_pw2_N ", member)).toBe("Password cannot be your username");
    expect(passwordNamesMember("QA_PW2_N", member)).toBe("Password cannot be your username");
    expect(passwordNamesMember(" Secret123@Example.com", member)).toBe(
      "Password cannot be your email address",
    );
    expect(passwordNamesMember("SECRET123 ", member)).toBe("Password cannot be your email address");
  });

  it("keeps a password that only holds one of them", () => {
    expect(passwordNamesMember("qa_pw2_n!", member)).toBeUndefined();
    expect(passwordNamesMember("qa pw2 n", member)).toBeUndefined();
    expect(passwordNamesMember("secret1234", member)).toBeUndefined();
  });
});

describe("signinBody", () => {
  it("needs both fields", () => {
    expect(signinBody.safeParse({ identifier: "alice" }).error?.issues[0]?.message).toBe(
      "Password is required",
    );
    expect(signinBody.safeParse({ password: "x" }).error?.issues[0]?.message).toBe(
      "Email or username is required",
    );
    expect(signinBody.safeParse({ identifier: "alice", password: "x" }).success).toBe(true);
  });
});

describe("changePasswordBody and resetPasswordBody", () => {
  it("say which password is missing, and hold the new one to the sign-up rules", () => {
    const missing = (body: unknown) =>
      changePasswordBody.safeParse(body).error?.issues.map((issue) => issue.message);
    expect(missing({ currentPassword: "old-secret" })).toEqual(["New password is required"]);
    expect(missing({ newPassword: "new-secret" })).toEqual(["Current password is required"]);
    expect(missing({ currentPassword: "old-secret", newPassword: "short" })).toEqual([
      "Password must be at least 8 characters",
    ]);
    expect(
      resetPasswordBody.safeParse({ email: "a@example.com", otp: "123456" }).error?.issues[0]?.message,
    ).toBe("New password is required");
  });
});

describe("fullNameSchema and bioSchema", () => {
  it("refuse a full name of invisible characters only, as an empty one", () => {
    for (const name of ["\u200b\u200b\u200b", "\u202e", " \u2060 "]) {
      expect(fullNameSchema.safeParse(name).error?.issues[0]?.message, JSON.stringify(name)).toBe(
        "Full name is required",
      );
    }
    expect(fullNameSchema.parse("Zoë \u200d")).toBe("Zoë \u200d");
  });

  it("keep at most one blank line between a bio's paragraphs", () => {
    expect(bioSchema.parse(`top${"\n".repeat(140)}bottom`)).toBe("top\n\nbottom");
    expect(bioSchema.parse("one\r\n  \r\n\r\ntwo\n\nthree\nfour")).toBe("one\n\ntwo\n\nthree\nfour");
  });
});
