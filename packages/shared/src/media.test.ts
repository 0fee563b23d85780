import { describe, expect, it } from "vitest";
import {
  fileTypeOf,
  IMAGE_VARIANT_WIDTHS,
  imageSrcSet,
  imageVariantUrl,
  isFlikUrl,
  keptVideoId,
  knownMediaTypeOfUrl,
  mediaFrame,
  mediaTypeOfFile,
  mediaTypeOfUrl,
  videoPosterUrl,
} from "./media.js";
import {
  ACCEPT_HOSTED_MEDIA,
  ACCEPT_HOSTED_VIDEOS,
  NOT_A_VIDEO,
  NOT_AN_IMAGE,
  refusedMediaFormat,
} from "./media-formats.js";
import { refusalByLimits, sizeLabel, videoTooLong } from "./media-limits.js";
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
    ["https://e.com/a.webm", "video"],
    ["/media/video/abc", "video"],
    // Under a media host's /video/ path, as spec §2 tells a flick.
    ["https://res.cloudinary.com/demo/video/upload/v1/dog", "video"],
  ])("mediaTypeOfUrl(%s) is %s", (url, expected) => {
    expect(mediaTypeOfUrl(url)).toBe(expected);
  });

  it("takes a file's type from its MIME type", () => {
    expect(mediaTypeOfFile({ type: "video/webm" })).toBe("video");
    expect(mediaTypeOfFile({ type: "image/png" })).toBe("image");
    expect(mediaTypeOfFile({ type: "" })).toBe("image");
  });

  it("reads a file the system gave no type by its name's extension", () => {
    expect(fileTypeOf({ type: "", name: "IMG_0042.MOV" })).toBe("video/quicktime");
    expect(fileTypeOf({ type: "", name: "clip.m4v" })).toBe("video/mp4");
    expect(fileTypeOf({ type: "", name: "DSC_1.JPG" })).toBe("image/jpeg");
    expect(fileTypeOf({ type: "", name: "notes.txt" })).toBe("");
    expect(fileTypeOf({ type: "", name: "README" })).toBe("");
    expect(fileTypeOf({ type: "", name: "a.constructor" })).toBe("");
    expect(fileTypeOf({ type: "", name: "Trip #2.MOV" })).toBe("video/quicktime");
    expect(fileTypeOf({ type: "", name: "what?.jpg" })).toBe("image/jpeg");
    // The browser's type wins over the name.
    expect(fileTypeOf({ type: "image/png", name: "looks-like.mov" })).toBe("image/png");
    expect(mediaTypeOfFile({ type: "", name: "IMG_0042.MOV" })).toBe("video");
  });

  it("refuses, in the host's words, a photo or video of a format the host does not take", () => {
    expect(refusedMediaFormat({ type: "image/svg+xml", name: "logo.svg" })).toBe(NOT_AN_IMAGE);
    expect(refusedMediaFormat({ type: "image/bmp", name: "scan.bmp" })).toBe(NOT_AN_IMAGE);
    expect(refusedMediaFormat({ type: "image/avif", name: "photo.avif" })).toBe(NOT_AN_IMAGE);
    expect(refusedMediaFormat({ type: "video/x-msvideo", name: "old.avi" })).toBe(NOT_A_VIDEO);
    expect(NOT_AN_IMAGE).toBe("This file is not a JPEG, PNG, GIF or WebP image.");
    expect(NOT_A_VIDEO).toBe("This file is not an MP4, MOV or WebM video.");
  });

  it("takes the formats the host takes, and leaves a file that is neither photo nor video to the caller", () => {
    for (const type of ["image/jpeg", "image/png", "image/gif", "image/webp", "video/mp4", "video/webm"]) {
      expect(refusedMediaFormat({ type })).toBeNull();
    }
    expect(refusedMediaFormat({ type: "", name: "IMG_0042.MOV" })).toBeNull();
    expect(refusedMediaFormat({ type: "application/pdf", name: "menu.pdf" })).toBeNull();
    expect(ACCEPT_HOSTED_VIDEOS).toBe("video/mp4,video/quicktime,video/webm");
    expect(ACCEPT_HOSTED_MEDIA).toBe(
      "image/jpeg,image/png,image/gif,image/webp,video/mp4,video/quicktime,video/webm",
    );
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

describe("image variants (issue 20)", () => {
  const kept = "/media/image/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.jpg";

  it("names a kept image's variant by its width, on the same base", () => {
    expect(imageVariantUrl(kept, 320)).toBe("/media/image/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.w320.webp");
    expect(imageVariantUrl(`https://cdn.example.com${kept}`, 640)).toBe(
      "https://cdn.example.com/media/image/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.w640.webp",
    );
  });

  it.each([
    ["another host", "https://res.cloudinary.com/demo/image/upload/v1/a.jpg"],
    ["a video", "/media/video/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.mp4"],
    ["a variant", "/media/image/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.w320.webp"],
    ["a name that is not the host's", "/media/image/../secret.jpg"],
  ])("gives %s no variants", (_case, url) => {
    expect(imageVariantUrl(url, 320)).toBeNull();
    expect(imageSrcSet(url, 4000)).toBeUndefined();
  });

  it("lists the variants narrower than the image, then the image at its own width", () => {
    expect(imageSrcSet(kept, 800)).toBe(
      [
        "/media/image/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.w160.webp 160w",
        "/media/image/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.w320.webp 320w",
        "/media/image/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.w480.webp 480w",
        "/media/image/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.w640.webp 640w",
        `${kept} 800w`,
      ].join(", "),
    );
    expect(imageSrcSet(kept, 300)).toBe(
      `/media/image/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.w160.webp 160w, ${kept} 300w`,
    );
  });

  it("offers 1080 px at most for an image wider than that: a phone at 3x never downloads the original", () => {
    const widths = imageSrcSet(kept, 4000)
      ?.split(", ")
      .map((entry) => entry.split(" ")[1]);
    expect(widths).toEqual(["160w", "320w", "480w", "640w", "1080w"]);
    expect(imageSrcSet(kept, 1080)?.split(", ").pop()).toBe(`${kept} 1080w`);
  });

  it("lists every variant when the image's width is not known", () => {
    expect(imageSrcSet(kept)?.split(", ")).toHaveLength(IMAGE_VARIANT_WIDTHS.length);
  });
});

describe("video posters (issue 20)", () => {
  const kept = "/media/video/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.mp4";

  it("names a kept video's poster beside it, whatever fragment the page asks with", () => {
    expect(videoPosterUrl(kept)).toBe("/media/video/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.jpg");
    expect(videoPosterUrl(`https://cdn.example.com${kept}#t=0.1`)).toBe(
      "https://cdn.example.com/media/video/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.jpg",
    );
    expect(keptVideoId(kept)).toBe("0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11");
  });

  it.each([
    "https://res.cloudinary.com/demo/video/upload/v1/clip.mp4",
    "/media/video/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.mov",
    "/media/video/clip-1.mp4",
  ])("gives %s no poster", (url) => {
    expect(videoPosterUrl(url)).toBeNull();
    expect(keptVideoId(url)).toBeNull();
  });
});

describe("knownMediaTypeOfUrl", () => {
  it("says what a file's extension tells, and nothing for an address without one", () => {
    expect(knownMediaTypeOfUrl("/media/video/c.MP4?v=2")).toBe("video");
    expect(knownMediaTypeOfUrl("https://cdn.example.com/a.webm")).toBe("video");
    expect(knownMediaTypeOfUrl("/media/image/p.jpeg#x")).toBe("image");
    expect(knownMediaTypeOfUrl("https://cdn.example.com/clips/42")).toBeUndefined();
    expect(knownMediaTypeOfUrl("https://cdn.example.com/file.txt")).toBeUndefined();
  });
});

describe("the media host's limits, as the browser applies them before an upload", () => {
  const limits = {
    image: { maxBytes: 15 * 1024 * 1024 },
    video: { maxBytes: 100 * 1024 * 1024, maxSeconds: 180 },
  };

  it("refuses a file over its type's size in the host's words", () => {
    expect(refusalByLimits(limits, "video", 100 * 1024 * 1024 + 1, 10)).toBe(
      "This file is too large: videos can be up to 100 MB.",
    );
    expect(refusalByLimits(limits, "image", 16 * 1024 * 1024)).toBe(
      "This file is too large: images can be up to 15 MB.",
    );
    expect(refusalByLimits(limits, "image", 15 * 1024 * 1024)).toBeNull();
    expect(sizeLabel(200_000)).toBe("195 KB");
    expect(sizeLabel(1.5 * 1024 * 1024)).toBe("1.5 MB");
    expect(sizeLabel(100 * 1024 * 1024)).toBe("100 MB");
    expect(sizeLabel(8)).toBe("1 KB");
  });

  it("refuses a video longer than the limit in whole seconds, and lets an unknown length through", () => {
    expect(refusalByLimits(limits, "video", 1000, 181)).toBe(
      "This video is 3:01 long. Videos can be up to 3:00.",
    );
    expect(refusalByLimits(limits, "video", 1000, 180.9)).toBeNull();
    expect(refusalByLimits(limits, "video", 1000, null)).toBeNull();
    expect(refusalByLimits(limits, "image", 1000, 500)).toBeNull();
    expect(videoTooLong(3725, 60)).toBe("This video is 62:05 long. Videos can be up to 1:00.");
  });
});
