import { describe, expect, it } from "vitest";
import { IMAGE_SLOTS, responsiveImage } from "./responsive-image";

describe("responsiveImage (issue 20)", () => {
  const kept = "/media/image/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.png";

  it("gives a kept image its variants and its slot's width", () => {
    expect(responsiveImage(kept, "profileGrid", 700)).toEqual({
      src: kept,
      srcSet: [160, 320, 480, 640]
        .map((width) => `/media/image/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.w${width}.webp ${width}w`)
        .concat(`${kept} 700w`)
        .join(", "),
      sizes: IMAGE_SLOTS.profileGrid,
    });
  });

  it.each([
    "https://res.cloudinary.com/demo/image/upload/a.jpg",
    "blob:http://localhost/1c8e",
    "data:image/png;base64,AAAA",
  ])("leaves %s as it is", (url) => {
    expect(responsiveImage(url, "feed", 1080)).toEqual({ src: url });
  });
});
