import { describe, expect, it } from "vitest";
import { isFlikUrl, mediaFrame, mediaTypeOfFile, mediaTypeOfUrl } from "./media.js";
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

describe("the frame a post's media is shown in", () => {
  it.each([
    ["a square photo", 1080, 1080, { width: 1080, height: 1080 }],
    ["a 3:2 landscape", 1500, 1000, { width: 1500, height: 1000 }],
    ["a 4:5 portrait", 1080, 1350, { width: 1080, height: 1350 }],
    ["exactly 1.91:1", 1910, 1000, { width: 1910, height: 1000 }],
  ])("keeps %s its own shape", (_case, width, height, frame) => {
    expect(mediaFrame({ width, height })).toEqual(frame);
  });

  it.each([
    ["a panorama", 4000, 1000, { width: 191, height: 100 }],
    ["a 9:16 video", 720, 1280, { width: 4, height: 5 }],
    ["a 2:3 portrait", 1000, 1500, { width: 4, height: 5 }],
  ])("crops %s to the nearer bound", (_case, width, height, frame) => {
    expect(mediaFrame({ width, height })).toEqual(frame);
  });

  it("gives media of unknown size the 4:5 frame every post had before", () => {
    expect(mediaFrame({ width: null, height: null })).toEqual({ width: 4, height: 5 });
    expect(mediaFrame({ width: 0, height: 100 })).toEqual({ width: 4, height: 5 });
  });
});
