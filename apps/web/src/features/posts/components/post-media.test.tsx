import { act, fireEvent, render, screen } from "@testing-library/react";
import { rgbaToThumbHash } from "thumbhash";
import { describe, expect, it } from "vitest";
import { makePost } from "../../../test/fixtures";
import { mediaAlt, PostDetailMedia, PostMedia } from "./post-media";

/** The ThumbHash of a 4x4 picture of one colour, base64, as the server sends it. */
function placeholderOf([red, green, blue]: [number, number, number]): string {
  const pixels = new Uint8Array(4 * 4 * 4);
  for (let index = 0; index < pixels.length; index += 4) pixels.set([red, green, blue, 255], index);
  return btoa(String.fromCharCode(...rgbaToThumbHash(4, 4, pixels)));
}

const kept = "/media/image/0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11.jpg";

describe("PostMedia's photo (issue 20)", () => {
  it("offers the variants narrower than the photo, for the feed's width", () => {
    render(<PostMedia post={makePost({ image: kept, width: 1200, height: 900 })} />);
    const photo = screen.getByRole("img");
    expect(photo).toHaveAttribute("src", kept);
    expect(
      photo
        .getAttribute("srcset")
        ?.split(", ")
        .map((entry) => entry.split(" ")[1]),
    ).toEqual(["160w", "320w", "480w", "640w", "1080w"]);
    expect(photo).toHaveAttribute("sizes", "(min-width: 540px) 540px, 100vw");
  });

  it("asks for a panorama as wide as it is drawn, cropped to fill the feed's widest frame", () => {
    // 6:1 in a 1.91:1 frame: drawn 3.14 times the frame's width, so 390 px on a phone need 1225.
    const panorama = makePost({ image: kept, width: 3000, height: 500 });
    render(<PostMedia post={panorama} />);
    expect(screen.getByRole("img")).toHaveAttribute("sizes", "(min-width: 540px) 1697px, 315vw");
  });

  it("asks for a panorama on a post's own page as wide as the phone's frame draws it, and whole beside", () => {
    render(<PostDetailMedia post={makePost({ image: kept, width: 3000, height: 500 })} />);
    expect(screen.getByRole("img")).toHaveAttribute("sizes", "(min-width: 768px) 60vw, 315vw");
  });

  it("asks for the frame's width for a photo of the frame's shape, or a taller one cut at top and bottom", () => {
    for (const [width, height] of [
      [1910, 1000],
      [1080, 1350],
      [1000, 3000],
    ] as const) {
      const { unmount } = render(<PostMedia post={makePost({ image: kept, width, height })} />);
      expect(screen.getByRole("img")).toHaveAttribute("sizes", "(min-width: 540px) 540px, 100vw");
      unmount();
    }
  });

  it("paints the placeholder until the photo has loaded, then never behind it", () => {
    render(<PostMedia post={makePost({ image: kept, placeholder: placeholderOf([200, 40, 90]) })} />);
    const photo = screen.getByRole("img");
    expect(photo.style.backgroundImage).toMatch(/^url\("data:image\/png;base64,/);
    expect(photo).toHaveClass("bg-cover", "bg-center", "bg-no-repeat");
    fireEvent.load(photo);
    expect(photo.style.backgroundImage).toBe("none");
  });

  it("paints nothing for a post without a placeholder, or with one that is not a ThumbHash", () => {
    for (const placeholder of [null, "%%%"]) {
      const { unmount } = render(<PostMedia post={makePost({ image: kept, placeholder })} />);
      expect(screen.getByRole("img").style.backgroundImage).toBe("");
      unmount();
    }
  });
});

describe("PostMedia that will not load", () => {
  it.each(["image", "video"] as const)(
    "shows a neutral tile named as the %s was, not a broken mark",
    (kind) => {
      const post = makePost({
        image: kind === "image" ? kept : "/media/video/gone.mp4",
        mediaType: kind,
        caption: "Sunset at the pier",
      });
      const { container } = render(<PostMedia post={post} />);
      const media = container.querySelector(kind === "image" ? "img" : "video");
      if (!media) throw new Error(`no ${kind}`);

      fireEvent.error(media);

      expect(container.querySelector("img, video")).toBeNull();
      expect(screen.getByRole("img", { name: "Sunset at the pier" })).toHaveClass("size-full", "bg-zinc-100");
    },
  );

  it("tries the media again when the browser comes back online", () => {
    const post = makePost({ image: "/media/image/sunset.jpg", caption: "Sunset at the pier" });
    const { container } = render(<PostMedia post={post} />);
    const photo = container.querySelector("img");
    if (!photo) throw new Error("no img");
    fireEvent.error(photo);
    expect(container.querySelector("img")).toBeNull();

    act(() => {
      window.dispatchEvent(new Event("online"));
    });

    expect(container.querySelector("img")).toHaveAttribute("src", expect.stringContaining("sunset.jpg"));
  });
});

describe("a post's picture's name", () => {
  it("is its caption, its start when long (cut between words), or who posted it", () => {
    expect(mediaAlt(makePost({ caption: "  Sunset at the pier  " }))).toBe("Sunset at the pier");
    const long = `${"Golden hour on the ridge ".repeat(8)}and more`;
    const name = mediaAlt(makePost({ caption: long }));
    expect(name).toBe(`${"Golden hour on the ridge ".repeat(4).trimEnd()}…`);
    expect(Array.from(name).length).toBeLessThanOrEqual(101);
    // One word longer than the limit is cut inside it; an emoji counts once and is never split.
    expect(mediaAlt(makePost({ caption: "🌅".repeat(150) }))).toBe(`${"🌅".repeat(100)}…`);
    // A family (three people and two joiners: five code points) that would cross the limit is left out.
    const family = "👩\u200d👩\u200d👧";
    expect(mediaAlt(makePost({ caption: `${"a".repeat(98)}${family}` }))).toBe(`${"a".repeat(98)}…`);
    expect(mediaAlt(makePost({ caption: " ", user: { ...makePost().user, username: "bob" } }))).toBe(
      "Post by @bob",
    );
  });
});
