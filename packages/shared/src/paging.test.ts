import { describe, expect, it } from "vitest";
import { MAX_PAGE_SIZE } from "./constants.js";
import { pageQuery } from "./paging.js";

const message = (limit: string) => pageQuery.safeParse({ limit }).error?.issues[0]?.message;

describe("pageQuery", () => {
  it("takes an empty limit as the default, as an empty cursor is the first page", () => {
    expect(pageQuery.parse({ limit: "", cursor: "" })).toEqual(pageQuery.parse({}));
    expect(pageQuery.parse({ limit: "5" })).toEqual({ limit: 5 });
  });

  it("refuses a limit that is not a whole number from 1, in words", () => {
    expect(message("0")).toBe("limit must be at least 1");
    expect(message("x")).toBe("limit must be a number");
    expect(message("1.5")).toBe("limit must be a whole number");
    // What Number() reads besides a plain decimal is no number here.
    for (const loose of ["0x10", "1e1", "1e3", " 5", "5 ", "+5", "Infinity", "1.", ".5", "--1"])
      expect(message(loose), loose).toBe("limit must be a number");
    expect(message("-1")).toBe("limit must be at least 1");
    expect(message("-0")).toBe("limit must be at least 1");
  });

  it("judges a limit as written, not as a double rounds it", () => {
    // Past 2^53 a double holds no fraction, and its integers are no longer "safe": still only too large.
    for (const large of ["99999999999999999999", "9007199254740993", "1".repeat(400)])
      expect(message(large), large).toBe(`limit must be at most ${MAX_PAGE_SIZE}`);
    expect(message("-99999999999999999999")).toBe("limit must be at least 1");
    expect(message("99999999999999999999.5")).toBe("limit must be a whole number");
    // A fraction too small for a double to keep is still a fraction.
    expect(message("1.00000000000000000001")).toBe("limit must be a whole number");
    // Zeros after the point leave it whole, as leading zeros do.
    expect(pageQuery.parse({ limit: "1.0" })).toEqual({ limit: 1 });
    expect(pageQuery.parse({ limit: "007.000" })).toEqual({ limit: 7 });
  });
});
