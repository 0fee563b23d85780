import { describe, expect, it } from "vitest";
import { echoedUsername } from "./echoed-username";

describe("echoedUsername", () => {
  it("echoes a name as it is, periods and all", () => {
    expect(echoedUsername("maya.travels")).toBe("maya.travels");
  });

  it("leaves out the characters that would turn the rest of the sentence around", () => {
    expect(echoedUsername("\u202eevil")).toBe("evil");
    expect(echoedUsername("a\u2066b\u2069c\u202ad")).toBe("abcd");
  });

  it("cuts a name longer than any username after thirty characters, never inside one", () => {
    expect(echoedUsername("a".repeat(3000))).toBe(`${"a".repeat(30)}…`);
    // A family is five code points: the thirty would end inside it, so it is left out whole.
    expect(echoedUsername(`${"a".repeat(28)}👩‍👩‍👧`)).toBe(`${"a".repeat(28)}…`);
    expect(echoedUsername("a".repeat(30))).toBe("a".repeat(30));
  });
});
