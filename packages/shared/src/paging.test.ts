import { describe, expect, it } from "vitest";
import { pageQuery } from "./paging.js";

describe("pageQuery", () => {
  it("takes an empty limit as the default, as an empty cursor is the first page", () => {
    expect(pageQuery.parse({ limit: "", cursor: "" })).toEqual(pageQuery.parse({}));
    expect(pageQuery.parse({ limit: "5" })).toEqual({ limit: 5 });
  });

  it("refuses a limit that is not a whole number from 1, in words", () => {
    const message = (limit: string) => pageQuery.safeParse({ limit }).error?.issues[0]?.message;
    expect(message("0")).toBe("limit must be at least 1");
    expect(message("x")).toBe("limit must be a number");
    expect(message("1.5")).toBe("limit must be a whole number");
    // What Number() reads besides a plain decimal is no number here.
    for (const loose of ["0x10", "1e1", " 5", "5 ", "+5", "Infinity"])
      expect(message(loose), loose).toBe("limit must be a number");
    expect(message("-1")).toBe("limit must be at least 1");
  });
});
