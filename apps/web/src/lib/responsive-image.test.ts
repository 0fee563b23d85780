import { describe, expect, it } from "vitest";
import { coverZoom, IMAGE_SLOTS, responsiveImage } from "./responsive-image";

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

  it("scales the feed's and a post's own widths by how much wider than its frame an image is drawn", () => {
    expect(responsiveImage(kept, "feed", 3000, 2)).toMatchObject({
      sizes: "(min-width: 540px) 1080px, 200vw",
    });
    expect(responsiveImage(kept, "detail", 3000, 2)).toMatchObject({
      sizes: "(min-width: 768px) 60vw, 200vw",
    });
    // A grid's square cells are left as they are.
    expect(responsiveImage(kept, "profileGrid", 3000, 2)).toMatchObject({ sizes: IMAGE_SLOTS.profileGrid });
  });
});

describe("coverZoom", () => {
  const widest = { width: 191, height: 100 };

  it("is how many times its frame's width an image wider than the frame is drawn", () => {
    expect(coverZoom({ width: 3820, height: 1000 }, widest)).toBeCloseTo(2);
    expect(coverZoom({ width: 3000, height: 500 }, widest)).toBeCloseTo(3.1414, 3);
  });

  it("is 1 for an image of the frame's shape, a taller one, or one of unknown size", () => {
    expect(coverZoom({ width: 1080, height: 1350 }, { width: 4, height: 5 })).toBe(1);
    expect(coverZoom({ width: 1000, height: 3000 }, { width: 4, height: 5 })).toBe(1);
    expect(coverZoom({ width: null, height: null }, widest)).toBe(1);
  });
});
