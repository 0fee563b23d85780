import { describe, expect, it } from "vitest";
import { NUL_CHARACTER_MESSAGE, textSchema } from "./text.js";

describe("textSchema", () => {
  const name = textSchema("Name is required").trim().min(1, "Name is required").max(5, "Name is too long");

  it("takes any text without a NUL character, and chains like z.string()", () => {
    expect(name.parse("  Zoë ")).toBe("Zoë");
  });

  it("refuses a NUL character anywhere, first of all its issues", () => {
    const result = name.safeParse("ab\u0000cdefgh");
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      NUL_CHARACTER_MESSAGE,
      "Name is too long",
    ]);
  });

  it("says what is missing when the value is not text", () => {
    expect(name.safeParse(42).error?.issues[0]?.message).toBe("Name is required");
  });
});
