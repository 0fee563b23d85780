import { describe, expect, it } from "vitest";
import { isFromMediaHost, type MediaHosts, mediaBodies } from "./media-hosts.js";
import { MEDIA_HOST_MESSAGE } from "./posts.js";

const flik: MediaHosts = {
  ownBases: ["https://cdn.flik.example/assets", "https://flik.example"],
  others: ["https://res.cloudinary.com/"],
};
const oneCloud: MediaHosts = { ownBases: [], others: ["https://res.cloudinary.com/flik/"] };
const builtInOnly: MediaHosts = { ownBases: [], others: [] };
const anyHost: MediaHosts = { ownBases: [], others: "any" };

describe("isFromMediaHost", () => {
  it.each([
    ["/media/image/a.jpg", true],
    ["https://flik.example/media/image/a.jpg", true],
    ["https://cdn.flik.example/assets/media/video/a.mp4", true],
    ["https://res.cloudinary.com/demo/image/upload/v1/a.jpg", true],
    // The app's own origin outside its media, or a CDN's files outside Flik's folder.
    ["https://flik.example/api/user", false],
    ["https://cdn.flik.example/other/media/a.jpg", false],
    // Look-alike hosts, as a browser would resolve them.
    ["https://flik.example.tracker.example/media/image/a.jpg", false],
    ["https://res.cloudinary.com@tracker.example/pixel.gif", false],
    ["https://res.cloudinary.com.tracker.example/pixel.gif", false],
    ["http://res.cloudinary.com/demo/a.jpg", false],
    ["https://tracker.example/pixel.gif", false],
    ["javascript:alert(1)//res.cloudinary.com/", false],
    // Relative URLs resolve on this host: only its media folder is media.
    ["/media/../api/user", false],
    ["/media/%2e%2e/api/user", false],
    ["//tracker.example/media/pixel.gif", false],
    // Media still, but naming no file as written: resolved segments, an empty one.
    ["/media/image/%2e%2e/x.png", false],
    ["/media/image/../image/a.jpg", false],
    ["/media/image/./a.jpg", false],
    ["/media/image//a.jpg", false],
    ["/media/image/a.jpg?size=2", true],
    ["https://flik.example/media/image/./a.jpg", false],
    ["https://cdn.flik.example/assets/media/image//a.jpg", false],
    ["https://cdn.flik.example/assets/media/..%2f..%2fpixel.gif", false],
  ])("%s: %s", (url, expected) => {
    expect(isFromMediaHost(url, flik)).toBe(expected);
  });

  it("takes one account's folder on a shared host, and nothing beside it", () => {
    expect(isFromMediaHost("https://res.cloudinary.com/flik/image/upload/v1/a.jpg", oneCloud)).toBe(true);
    expect(isFromMediaHost("https://res.cloudinary.com/tracker/image/upload/a.jpg", oneCloud)).toBe(false);
    expect(isFromMediaHost("https://res.cloudinary.com/flik/../tracker/a.jpg", oneCloud)).toBe(false);
    expect(isFromMediaHost("https://res.cloudinary.com/flik/..%2ftracker/a.jpg", oneCloud)).toBe(false);
    expect(isFromMediaHost("https://res.cloudinary.com/flikker/a.jpg", oneCloud)).toBe(false);
  });

  it("takes only the built-in host's files when no other host is named", () => {
    expect(isFromMediaHost("/media/image/a.jpg", builtInOnly)).toBe(true);
    expect(isFromMediaHost("https://res.cloudinary.com/demo/image/upload/a.jpg", builtInOnly)).toBe(false);
  });

  it("takes every http(s) host when told any, as spec §1's external host may be", () => {
    expect(isFromMediaHost("https://tracker.example/pixel.gif", anyHost)).toBe(true);
    expect(isFromMediaHost("http://cdn.example/a.jpg", anyHost)).toBe(true);
    expect(isFromMediaHost("data:image/png;base64,AAAA", anyHost)).toBe(false);
  });
});

describe("mediaBodies", () => {
  const bodies = mediaBodies(flik);

  it("holds every body that carries media to the hosts, with one message", () => {
    const pixel = "https://tracker.example/pixel.gif";
    const refusals = [
      bodies.createPostBody.safeParse({ image: pixel }),
      bodies.updatePostBody.safeParse({ image: pixel }),
      bodies.createStoryBody.safeParse({ url: pixel }),
      bodies.highlightBody.safeParse({ name: "Trips", type: "image", src: pixel }),
      bodies.highlightUpdateBody.safeParse({ name: "Trips", type: "image", src: pixel }),
      bodies.updateProfileBody.safeParse({ avatar: pixel }),
    ];
    for (const result of refusals) {
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([MEDIA_HOST_MESSAGE]);
    }
    expect(bodies.updateProfileBody.safeParse({ avatar: "not a picture" }).error?.issues[0]?.message).toBe(
      "Avatar must be an image",
    );
  });

  it("takes the hosts' files, an avatar as a data URL, and a body without media", () => {
    expect(bodies.createPostBody.safeParse({ image: "/media/image/a.jpg" }).success).toBe(true);
    expect(
      bodies.createStoryBody.safeParse({ url: "https://res.cloudinary.com/d/video/upload/a.mp4" }).success,
    ).toBe(true);
    expect(bodies.updateProfileBody.safeParse({ avatar: "data:image/png;base64,AAAA" }).success).toBe(true);
    expect(bodies.updateProfileBody.safeParse({ avatar: "" }).success).toBe(true);
    expect(bodies.updatePostBody.safeParse({ caption: "Still here" }).success).toBe(true);
  });
});
