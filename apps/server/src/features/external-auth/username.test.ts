import { USERNAME_MAX_LENGTH } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { usernameBase, usernameCandidates, usernameFrom, withNumber } from "./username.js";

describe("usernames from a provider's profile", () => {
  it.each([
    ["Jane.Doe", "jane.doe"],
    ["José Álvarez", "jose_alvarez"],
    ["jane-doe@example.com", "jane_doe"],
    ["  ..__jane__..  ", "jane"],
    ["a  b", "a_b"],
    ["日本語", null],
    ["ab", null],
    ["x".repeat(40), "x".repeat(USERNAME_MAX_LENGTH)],
    [42, null],
    // A name kept for Flik is none a profile can give.
    ["Support@example.com", null],
    ["flik", null],
  ])("%s → %s", (text, expected) => {
    expect(usernameFrom(text)).toBe(expected);
  });

  it("prefers preferred_username, then nickname, the e-mail's local part, the name; else 'member'", () => {
    expect(
      usernameBase({ preferred_username: "pref", nickname: "nick", name: "Full Name" }, "mail@x.io"),
    ).toBe("pref");
    expect(usernameBase({ nickname: "nick", name: "Full Name" }, "mail@x.io")).toBe("nick");
    expect(usernameBase({ name: "Full Name" }, "mail@x.io")).toBe("mail");
    expect(usernameBase({ name: "Full Name" }, null)).toBe("full_name");
    expect(usernameBase({ preferred_username: "?" }, null)).toBe("member");
  });

  it("numbers a taken name within the length limit", () => {
    const long = "y".repeat(USERNAME_MAX_LENGTH);
    expect(withNumber(long, 12)).toBe(`${"y".repeat(USERNAME_MAX_LENGTH - 2)}12`);
    expect(usernameCandidates("jane").slice(0, 3)).toEqual(["jane", "jane2", "jane3"]);
    expect(usernameCandidates(long).every((name) => name.length <= USERNAME_MAX_LENGTH)).toBe(true);
  });
});
