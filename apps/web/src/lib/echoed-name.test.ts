import { USERNAME_MAX_LENGTH } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { echoedName } from "./echoed-name";

const echoedUsername = (name: string) => echoedName(name, USERNAME_MAX_LENGTH);

describe("echoedName, as a username is echoed", () => {
  it("echoes a name as it is, periods and all", () => {
    expect(echoedUsername("maya.travels")).toBe("maya.travels");
  });

  it("leaves out the characters that would turn the rest of the sentence around", () => {
    expect(echoedUsername("\u202eevil")).toBe("evil");
    expect(echoedUsername("a\u2066b\u2069c\u202ad")).toBe("abcd");
  });

  it("leaves out control characters, which show as nothing or a box", () => {
    expect(echoedUsername("a\u0000b\tc\nd\u007fe\u009ff")).toBe("abcdef");
  });

  it("echoes nothing for a name of which nothing would show", () => {
    expect(echoedUsername("\u0000")).toBe("");
    expect(echoedUsername("\u0000\u0001\u001f")).toBe("");
    expect(echoedUsername(" \u200b\u202e ")).toBe("");
  });

  it("cuts a name longer than any username after thirty characters, never inside one", () => {
    expect(echoedUsername("a".repeat(3000))).toBe(`${"a".repeat(30)}…`);
    // A family is five code points: the thirty would end inside it, so it is left out whole.
    expect(echoedUsername(`${"a".repeat(28)}👩‍👩‍👧`)).toBe(`${"a".repeat(28)}…`);
    expect(echoedUsername("a".repeat(30))).toBe("a".repeat(30));
  });
});
