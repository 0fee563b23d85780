import { tagsInCaption, tagsOfPost } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { foldCaption, splitCaption, tagsInField } from "./caption-tags";

describe("splitCaption", () => {
  it("splits text into runs and tags, keeping every character", () => {
    const text = "Golden hour at the #Pier, with #sunset_vibes!\n#sea";
    const parts = splitCaption(text);
    expect(parts).toEqual([
      { text: "Golden hour at the " },
      { text: "#Pier", tag: "pier" },
      { text: ", with " },
      { text: "#sunset_vibes", tag: "sunset_vibes" },
      { text: "!\n" },
      { text: "#sea", tag: "sea" },
    ]);
    expect(parts.map((part) => part.text).join("")).toBe(text);
  });

  it("links exactly the tags the server indexes (shared tagsInCaption)", () => {
    for (const text of ["#café au lait #Café", "no tags here", "##double # lone #日本 a#b", "#x-y 100%#z"]) {
      const linked = splitCaption(text).flatMap((part) => (part.tag ? [part.tag] : []));
      expect([...new Set(linked)]).toEqual(tagsInCaption(text));
    }
  });

  it("finds @mentions of usernames, not e-mail addresses, and leaves a sentence's period out", () => {
    const text = "With @maya_travels and @leo.nightshots. Mail me@example.com, @x or @@twice";
    const parts = splitCaption(text);
    expect(parts.filter((part) => part.mention)).toEqual([
      { text: "@maya_travels", mention: "maya_travels" },
      { text: "@leo.nightshots", mention: "leo.nightshots" },
    ]);
    expect(parts.map((part) => part.text).join("")).toBe(text);
  });

  it("keeps text that looks like markup as text", () => {
    expect(splitCaption("<b>#bold</b>")).toEqual([
      { text: "<b>" },
      { text: "#bold", tag: "bold" },
      { text: "</b>" },
    ]);
  });
});

describe("tagsInField", () => {
  it("reads words with or without #, split by spaces or commas, once each", () => {
    expect(tagsInField("#Sunset sea, #sunset,, beach-life")).toEqual([
      { text: "#Sunset", tag: "sunset" },
      { text: "#sea", tag: "sea" },
      { text: "#beach-life", tag: "beachlife" },
    ]);
    expect(tagsInField("  ")).toEqual([]);
    expect(tagsInField("# , !!")).toEqual([]);
  });

  it("reads tags written together as the server does: '#sunset#beach' is two", () => {
    expect(tagsInField("#sunset#Beach")).toEqual([
      { text: "#sunset", tag: "sunset" },
      { text: "#Beach", tag: "beach" },
    ]);
    const field = "#sunset#Beach travel,#food";
    expect(tagsInField(field).map(({ tag }) => tag)).toEqual(tagsOfPost({ caption: "", tags: field }));
  });
});

describe("foldCaption", () => {
  it("leaves out a mention the cut would halve", () => {
    expect(foldCaption("Out with @maya_travels", 14)).toBe("Out with");
    expect(foldCaption("Out with @maya_travels today", 22)).toBe("Out with @maya_travels");
  });

  it("cuts at the length, leaving out a tag the cut would halve", () => {
    expect(foldCaption("Golden hour #sunset", 15)).toBe("Golden hour");
    expect(foldCaption("Golden hour #sunset", 19)).toBe("Golden hour #sunset");
    expect(foldCaption("Golden hour #sunset and more", 20)).toBe("Golden hour #sunset");
    expect(foldCaption("Golden hour at the pier", 9)).toBe("Golden ho");
    expect(foldCaption("short", 140)).toBe("short");
    // A tag's marks are part of it: a cut just before a vowel sign halves the tag too.
    expect(foldCaption("Diwali #नमस्ते", 10)).toBe("Diwali");
    expect(foldCaption("Golden hour #", 12)).toBe("Golden hour");
    // A cut on either side of a joiner inside a Persian word halves its tag.
    expect(foldCaption("Nowruz #می\u200cخواهم", 10)).toBe("Nowruz");
    expect(foldCaption("Nowruz #می\u200cخواهم", 11)).toBe("Nowruz");
  });

  it("links a tag with its marks whole", () => {
    expect(splitCaption("Diwali #नमस्ते!")).toEqual([
      { text: "Diwali " },
      { text: "#नमस्ते", tag: "नमस्ते" },
      { text: "!" },
    ]);
    expect(splitCaption("Nowruz #می\u200cخواهم\u200c.")).toEqual([
      { text: "Nowruz " },
      { text: "#می\u200cخواهم", tag: "می\u200cخواهم" },
      { text: "\u200c." },
    ]);
  });
});
