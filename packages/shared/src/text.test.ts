import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fullNameSchema } from "./auth.js";
import { createChatBody, sendMessageBody } from "./chats.js";
import { BIO_MAX_LENGTH } from "./constants.js";
import { highlightBody } from "./highlights.js";
import { commentBody, createPostBody } from "./posts.js";
import { BROKEN_CHARACTER_MESSAGE, NUL_CHARACTER_MESSAGE, textSchema } from "./text.js";
import { hasVisibleText, leadingText, maxLengthFor, textLength, typedText } from "./text-input.js";
import { bioSchema } from "./users.js";

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

  it("refuses half a character (a lone surrogate), and takes whole ones", () => {
    for (const broken of ["A\ud800B", "\udc00", "end\ud83d"])
      expect(name.safeParse(broken).error?.issues[0]?.message, JSON.stringify(broken)).toBe(
        BROKEN_CHARACTER_MESSAGE,
      );
    expect(name.parse("🎉ok")).toBe("🎉ok");
  });

  it("says what is missing when there is no value, and names a field whose value is not text", () => {
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe("Name is required");
    const body = z.object({ name, bio: textSchema().optional(), tag: textSchema() });
    const messages = (value: unknown) => body.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages({ name: 42, bio: null, tag: ["a"] })).toEqual([
      "name must be text",
      "bio must be text",
      "tag must be text",
    ]);
    expect(messages({ name: "Zoë" })).toEqual(["tag is required"]);
    expect(name.safeParse(42).error?.issues[0]?.message).toBe("Value must be text");
  });

  it("answers null, JSON's way of leaving a value out, with the field's own missing message", () => {
    expect(name.safeParse(null).error?.issues[0]?.message).toBe("Name is required");
    expect(textSchema().safeParse(null).error?.issues[0]?.message).toBe("Value must be text");
  });

  it("says a length limit given no message in the field's name, and keeps one given its own", () => {
    const body = z.object({ email: textSchema().max(254), name });
    const messages = (value: unknown) => body.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages({ email: "a".repeat(300), name: "Zoë the long" })).toEqual([
      "email is at most 254 characters",
      "Name is too long",
    ]);
  });

  it("keeps a field's own message for a value of another type when it asks to", () => {
    const choice = textSchema("Choose one", { notText: "Choose one" });
    expect(choice.safeParse(1).error?.issues[0]?.message).toBe("Choose one");
  });
});

describe("typedText and textLength", () => {
  it("count an emoji as one character, as the schemas' limits do", () => {
    expect(textLength("🎉".repeat(3))).toBe(3);
    expect("🎉".repeat(3).length).toBe(6);
    expect(bioSchema.safeParse("🎉".repeat(BIO_MAX_LENGTH)).success).toBe(true);
    expect(bioSchema.safeParse("🎉".repeat(BIO_MAX_LENGTH + 1)).success).toBe(false);
  });

  it("keep the whole limit in emoji, clip past it without splitting a character, and leave NUL out", () => {
    const kept = typedText("🎉".repeat(BIO_MAX_LENGTH + 20), BIO_MAX_LENGTH);
    expect(kept).toBe("🎉".repeat(BIO_MAX_LENGTH));
    expect(bioSchema.safeParse(kept).success).toBe(true);
    expect(typedText("ab🎉cd", 3)).toBe("ab🎉");
    expect(typedText("a\u0000b", 5)).toBe("ab");
    expect(typedText("x".repeat(BIO_MAX_LENGTH + 1), BIO_MAX_LENGTH)).toBe("x".repeat(BIO_MAX_LENGTH));
  });

  it("cut what is over from the text an edit put in, wherever it went, never from the text around it", () => {
    expect(typedText("abXYcd", 5, "abcd")).toBe("abXcd");
    expect(typedText("XYabcd", 5, "abcd")).toBe("Xabcd");
    expect(typedText("a🎉🎉b", 3, "ab")).toBe("a🎉b");
    // Pasted over a selection: the text it replaced is gone, what is over is cut from the paste.
    expect(typedText("aXYZd", 4, "abcd")).toBe("aXYd");
    expect(typedText("aWXYZd", 4, "abcd")).toBe("aWXd");
    // Already over the limit (older text): cut at the end.
    expect(typedText("abcdef", 4, "abcdef")).toBe("abcd");
  });

  it("cut between whole characters as a reader sees them: never half a family, a flag or an accented letter", () => {
    const family = "👩‍👩‍👧"; // 5 code points: three people joined by two ZWJ
    expect(textLength(family)).toBe(5);
    expect(typedText(`ab${family}`, 5)).toBe("ab");
    expect(typedText(`ab${family}`, 7)).toBe(`ab${family}`);
    expect(typedText("a🇫🇷🇩🇪", 4, "a")).toBe("a🇫🇷");
    expect(typedText("ae\u0301x", 2)).toBe("a");
    // Pasted in the middle: the paste loses its last whole character, the text around it stays.
    expect(typedText(`a${family}${family}b`, 8, "ab")).toBe(`a${family}b`);
    expect(leadingText(`x${family}`, 4)).toBe("x");
  });

  it("drop half a character left by the browser's maxlength, which cuts a paste by UTF-16 units", () => {
    // As Chromium leaves them: a family cut after its second joiner, a second flag cut to one letter.
    expect(maxLengthFor("ab", 5)).toBe(8);
    expect(typedText("ab👩\u200d👩\u200d", 5, "ab")).toBe("ab");
    expect(maxLengthFor("a", 3)).toBe(5);
    expect(typedText("a🇫🇷\u{1F1E9}", 3, "a")).toBe("a🇫🇷");
    expect(maxLengthFor("ab", 3)).toBe(4);
    expect(typedText("ab\u{1F1EB}", 3, "ab")).toBe("ab");
    // Whole characters at the limit are kept, and so is a joiner typed where the box has room.
    expect(typedText("ab👩\u200d👩", 5, "ab")).toBe("ab👩\u200d👩");
    expect(typedText("ab\u200d", 9, "ab")).toBe("ab\u200d");
  });

  it("give the browser a maxlength that fits the limit in emoji, and nothing once the box is full", () => {
    expect(maxLengthFor("", 3)).toBe(6);
    expect(maxLengthFor("🎉🎉", 3)).toBe(6);
    expect(maxLengthFor("🎉🎉🎉", 3)).toBe(6);
    expect(maxLengthFor("abc", 3)).toBe(3);
    expect(maxLengthFor("abcd", 3)).toBe(4);
    // A paste of emoji that fits is never cut by the browser, in an empty box or after text.
    expect(maxLengthFor("", BIO_MAX_LENGTH)).toBe("🌍".repeat(BIO_MAX_LENGTH).length);
    expect(maxLengthFor("Hello ", BIO_MAX_LENGTH)).toBe(`Hello ${"🌍".repeat(BIO_MAX_LENGTH - 6)}`.length);
  });

  it("keep what any limit takes as it is", () => {
    for (const text of ["", "Zoë", "👩‍👩‍👧 family", "x".repeat(BIO_MAX_LENGTH)])
      expect(typedText(text, BIO_MAX_LENGTH)).toBe(text);
  });
});

describe("hasVisibleText and the texts that must show something", () => {
  const ids = ["8f4e2c1a-0b6d-4e5f-9a7b-1c2d3e4f5a6b", "9a5f3d2b-1c7e-4f60-8b8c-2d3e4f5a6b7c"];
  const invisible = [
    "\u200b\u200b",
    " \u200d ",
    "\u2060",
    "\u202e\u200e",
    "\u2800",
    "\u3164\uffa0",
    "\u0301",
    "\ufe0f",
  ];

  it("tells invisible characters alone from text", () => {
    for (const text of invisible) expect(hasVisibleText(text), JSON.stringify(text)).toBe(false);
    for (const text of ["a", "👍", "Zoë\u200d", "٣", "e\u0301", "नमस्ते", "⠁"])
      expect(hasVisibleText(text), text).toBe(true);
  });

  it("refuses a comment, message, group name or highlight name of them, with the blank one's message", () => {
    for (const text of invisible) {
      expect(commentBody.safeParse({ text }).error?.issues[0]?.message).toBe("Comment cannot be empty");
      expect(sendMessageBody.safeParse({ text }).error?.issues[0]?.message).toBe("Message cannot be empty");
      expect(
        createChatBody.safeParse({ userIds: [ids[0], ids[1]], name: text }).error?.issues[0]?.message,
      ).toBe("Group name is required");
      expect(
        highlightBody.safeParse({ name: text, type: "image", src: "/media/image/a.jpg" }).error?.issues[0]
          ?.message,
      ).toBe("Highlight name is required");
    }
  });

  it("keeps a name's own direction to itself: no embedding, override or isolate is stored, marks are", () => {
    const group = (name: string) => createChatBody.parse({ userIds: [ids[0], ids[1]], name }).name;
    const highlight = (name: string) =>
      highlightBody.parse({ name, type: "image", src: "/media/image/a.jpg" }).name;
    expect(group("Trip \u202eplans")).toBe("Trip plans");
    expect(highlight("\u2067Summer\u202c ")).toBe("Summer");
    expect(fullNameSchema.parse(" \u202d Zoë \u2069")).toBe("Zoë");
    expect(fullNameSchema.parse("Dana \u200fדנה")).toBe("Dana \u200fדנה");
    expect(fullNameSchema.safeParse("\u202e\u202c").error?.issues[0]?.message).toBe("Full name is required");
    // What is stripped does not count against the limit.
    expect(highlight(`${"a".repeat(30)}\u202e`)).toBe("a".repeat(30));
    expect(fullNameSchema.parse(`\u2066${"z".repeat(80)}\u2069`)).toBe("z".repeat(80));
  });

  it("says an empty clientId is empty, not that it is not text", () => {
    expect(sendMessageBody.safeParse({ text: "Hi", clientId: " " }).error?.issues[0]?.message).toBe(
      "clientId cannot be empty",
    );
  });

  it("keeps a group's name on one line", () => {
    expect(createChatBody.parse({ userIds: [ids[0], ids[1]], name: "Road\n\ntrip  crew" }).name).toBe(
      "Road trip crew",
    );
  });

  it("keeps a full name or a highlight's on one line, without control characters", () => {
    expect(fullNameSchema.parse("line1\nline2\ttab\r\nend")).toBe("line1 line2 tab end");
    expect(fullNameSchema.parse("Ana \u202e Lu")).toBe("Ana Lu");
    expect(fullNameSchema.parse("\u0007Zoë\u001b[31m\u0085")).toBe("Zoë[31m");
    expect(fullNameSchema.safeParse("\u0007\u0008").error?.issues[0]?.message).toBe("Full name is required");
    expect(
      highlightBody.parse({ name: "Sum\tmer\u0007", type: "image", src: "/media/image/a.jpg" }).name,
    ).toBe("Sum mer");
  });

  it("keeps a bio's, caption's, comment's and message's line breaks and tabs, and no other control character", () => {
    const sent = "\u0007First\r\nsecond\rthird\tcol\u001b[0m\u007f";
    const kept = "First\nsecond\nthird\tcol[0m";
    expect(bioSchema.parse(sent)).toBe(kept);
    expect(commentBody.parse({ text: sent }).text).toBe(kept);
    expect(sendMessageBody.parse({ text: sent }).text).toBe(kept);
    expect(createPostBody.parse({ image: "/media/image/a.jpg", caption: sent }).caption).toBe(kept);
    expect(commentBody.safeParse({ text: "\u0007\u001b" }).error?.issues[0]?.message).toBe(
      "Comment cannot be empty",
    );
  });
});
