import { describe, expect, it } from "vitest";
import { makePost } from "../../test/fixtures";
import { PROFILE_TABS, postsForTab } from "./profile-tabs";

const photo = makePost({ _id: "p-photo", image: "/media/image/pier.jpg" });
const mp4 = makePost({ _id: "p-mp4", image: "https://cdn.example/clips/wave.mp4", mediaType: "video" });
const hosted = makePost({ _id: "p-hosted", image: "https://res.example/demo/video/upload/v1/surf.mov" });
const posts = [photo, mp4, hosted];

describe("postsForTab", () => {
  it("counts .mp4 and /video/ URLs as fliks", () => {
    expect(postsForTab(posts, "fliks").map((post) => post._id)).toEqual(["p-mp4", "p-hosted"]);
  });

  it("keeps the other posts on Posts", () => {
    expect(postsForTab(posts, "posts").map((post) => post._id)).toEqual(["p-photo"]);
  });

  it("shows every item, unfiltered, on Tags", () => {
    expect(postsForTab(posts, "tags").map((post) => post._id)).toEqual(["p-photo", "p-mp4", "p-hosted"]);
  });

  it("names the tabs and their empty texts as the spec does", () => {
    expect(PROFILE_TABS.map(({ id, label, empty }) => [id, label, empty])).toEqual([
      ["posts", "Posts", "No posts yet"],
      ["fliks", "Fliks", "No fliks yet"],
      ["tags", "Tags", "No posts yet"],
    ]);
  });
});
