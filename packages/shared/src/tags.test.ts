import { describe, expect, it } from "vitest";
import { normalizeTag, POST_TAGS_KEPT, tagsInCaption, tagsOfPost } from "./tags.js";

describe("tags", () => {
  it("are stored without their #, in lower case, letters, digits and underscores only", () => {
    expect(normalizeTag("#Sunset")).toBe("sunset");
    expect(normalizeTag("  ##Rock&Roll! ")).toBe("rockroll");
    expect(normalizeTag("#Café_2")).toBe("café_2");
    expect(normalizeTag("#!!!")).toBeNull();
  });

  it("keep the marks that complete a letter, and are cut at 50 characters as the database counts them", () => {
    expect(tagsInCaption("Diwali #नमस्ते and #สวัสดี, #Cafe\u0301!")).toEqual(["नमस्ते", "สวัสดี", "café"]);
    expect(normalizeTag(`#a${"𝒜".repeat(60)}`)).toBe(`a${"𝒜".repeat(49)}`);
    // A mark never starts a tag, and a keycap or a variation selector is no part of one.
    expect(tagsInCaption("Number #️⃣ one, #\ufe0f, #\u0301abc and #love\ufe0f")).toEqual(["love"]);
    expect(normalizeTag("#\u0301abc")).toBe("abc");
  });

  it("keep a zero-width joiner or non-joiner between two of their characters, never at an end", () => {
    expect(tagsInCaption("Nowruz #می\u200cخواهم\u200c, #\u200cabc")).toEqual(["می\u200cخواهم"]);
    expect(normalizeTag("#\u200cक\u200c\u200dख\u200d")).toBe("क\u200cख");
    expect(normalizeTag(`#${"ب".repeat(49)}\u200cت`)).toBe("ب".repeat(49));
    expect(normalizeTag("#\u200d")).toBeNull();
    // Never between Latin letters, digits or underscores: #sun‍set would look like #sunset.
    expect(normalizeTag("#sun\u200dset")).toBe("sunset");
    expect(normalizeTag("#a1\u200cb_\u200dc")).toBe("a1b_c");
    expect(tagsInCaption("#sun\u200dset")).toEqual(["sunset"]);
  });

  it("of a post come from its tags field, then its caption's #words, once each, at most 30", () => {
    expect(tagsOfPost({ caption: "Dawn at the #Beach #sunset", tags: "travel, #Sunset  food" })).toEqual([
      "travel",
      "sunset",
      "food",
      "beach",
    ]);
    expect(tagsInCaption("no tags, just #one and a # alone")).toEqual(["one"]);
    const many = Array.from({ length: 40 }, (_, i) => `#t${i}`).join(" ");
    expect(tagsOfPost({ caption: many, tags: "" })).toHaveLength(POST_TAGS_KEPT);
  });
});
