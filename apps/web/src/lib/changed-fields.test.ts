import { describe, expect, it } from "vitest";
import { changedFields } from "./changed-fields";

describe("changedFields", () => {
  it("keeps only the fields whose values differ from those the form opened with", () => {
    const saved = { isPrivate: false, messagesFrom: "everyone", emailNotifications: true, gender: null };
    expect(changedFields(saved, { ...saved, emailNotifications: false })).toEqual({
      emailNotifications: false,
    });
    expect(changedFields(saved, { ...saved, gender: "female" as never })).toEqual({ gender: "female" });
    expect(changedFields(saved, saved)).toEqual({});
  });
});
