import { describe, expect, it } from "vitest";
import { isFlikUrl, mediaTypeOfFile, mediaTypeOfUrl } from "./media.js";
import { createPostBody } from "./posts.js";

describe("media rules", () => {
  it.each([
    ["/media/video/a.mp4", true],
    ["https://res.cloudinary.com/demo/video/upload/v1/clip.mov", true],
    ["/media/image/a.jpg", false],
    ["https://cdn.example.com/a.MP4?x=1", true],
  ])("isFlikUrl(%s) is %s", (url, expected) => {
    expect(isFlikUrl(url)).toBe(expected);
  });

  it.each([
    ["a.mp4", "video"],
    ["a.MOV", "video"],
    ["a.avi", "video"],
    ["a.mkv", "video"],
    ["a.jpg", "image"],
    ["a.webp", "image"],
    ["noextension", "image"],
  ])("mediaTypeOfUrl(%s) is %s", (url, expected) => {
    expect(mediaTypeOfUrl(url)).toBe(expected);
  });

  it("takes a file's type from its MIME type", () => {
    expect(mediaTypeOfFile({ type: "video/webm" })).toBe("video");
    expect(mediaTypeOfFile({ type: "image/png" })).toBe("image");
    expect(mediaTypeOfFile({ type: "" })).toBe("image");
  });
});

describe("createPostBody", () => {
  it("accepts an uploaded file URL and fills defaults", () => {
    expect(createPostBody.parse({ image: "/media/image/a.jpg" })).toEqual({
      image: "/media/image/a.jpg",
      caption: "",
      location: "",
      tags: "",
      isReel: false,
    });
  });

  it.each(["javascript:alert(1)", "data:text/html,hi", "", "/etc/passwd", "https://"])(
    "refuses %s as media",
    (image) => {
      expect(createPostBody.safeParse({ image }).success).toBe(false);
    },
  );
});
