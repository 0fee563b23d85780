import { describe, expect, it } from "vitest";
import { formatPhone, phoneSchema } from "./phone.js";

describe("phoneSchema", () => {
  it("stores a number in E.164, however it was typed", () => {
    expect(phoneSchema.parse(" +1 (415) 555-2671 ")).toBe("+14155552671");
    expect(phoneSchema.parse("+33 6 12 34 56 78")).toBe("+33612345678");
  });

  it("refuses a number without its country code, one that cannot exist, and an extension", () => {
    for (const typed of ["415 555 2671", "+1 123", "", "+1 415 555 2671 ext. 12"])
      expect(phoneSchema.safeParse(typed).success).toBe(false);
  });
});

describe("formatPhone", () => {
  it("shows a stored number grouped as its country writes it", () => {
    expect(formatPhone("+14155552671")).toBe("+1 415 555 2671");
    expect(formatPhone("+33612345678")).toBe("+33 6 12 34 56 78");
    expect(formatPhone("+447911123456")).toBe("+44 7911 123456");
  });

  it("shows what it cannot read as it is", () => {
    expect(formatPhone("not a number")).toBe("not a number");
  });
});
