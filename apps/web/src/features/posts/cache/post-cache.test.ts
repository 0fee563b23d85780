import type { Post, PostsPage } from "@flik/shared";
import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { makeComment, makePost } from "../../../test/fixtures";
import { postKeys } from "../api/post-keys";
import {
  addCachedComment,
  findCachedPost,
  patchPost,
  patchPostsByAuthor,
  prependToFeed,
  removeCachedPost,
} from "./post-cache";

type Feed = InfiniteData<PostsPage, string | null>;

function cacheWith(pages: Post[][], details: Post[] = []) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<Feed>(postKeys.feed(), {
    pages: pages.map((posts, index) => ({
      posts,
      nextCursor: index < pages.length - 1 ? `c${index}` : null,
    })),
    pageParams: pages.map((_, index) => (index === 0 ? null : `c${index - 1}`)),
  });
  for (const post of details) queryClient.setQueryData(postKeys.detail(post._id), post);
  return {
    queryClient,
    feedPosts: () =>
      queryClient.getQueryData<Feed>(postKeys.feed())?.pages.flatMap((page) => page.posts) ?? [],
    detail: (id: string) => queryClient.getQueryData<Post>(postKeys.detail(id)),
  };
}

describe("patchPost", () => {
  it("changes the post in the feed pages and on its own screen alike", () => {
    const sunset = makePost({ _id: "p-1" });
    const harbour = makePost({ _id: "p-2", caption: "Harbour" });
    const cache = cacheWith([[harbour], [sunset]], [sunset]);

    patchPost(cache.queryClient, "p-1", (post) => ({ ...post, isLiked: true, likesCount: 3 }));

    expect(cache.feedPosts().find((post) => post._id === "p-1")).toMatchObject({
      isLiked: true,
      likesCount: 3,
    });
    expect(cache.detail("p-1")).toMatchObject({ isLiked: true, likesCount: 3 });
    expect(cache.feedPosts().find((post) => post._id === "p-2")).toBe(harbour);
  });

  it("leaves the cache untouched for a post it does not hold", () => {
    const cache = cacheWith([[makePost()]]);
    const before = cache.queryClient.getQueryData(postKeys.feed());
    patchPost(cache.queryClient, "p-404", (post) => ({ ...post, caption: "x" }));
    expect(cache.queryClient.getQueryData(postKeys.feed())).toBe(before);
    expect(cache.detail("p-404")).toBeUndefined();
  });
});

describe("patchPostsByAuthor", () => {
  it("changes every post by that author and no one else's", () => {
    const bobs = [makePost({ _id: "p-1" }), makePost({ _id: "p-2" })];
    const alices = makePost({ _id: "p-3", user: { ...makePost().user, _id: "u-alice", username: "alice" } });
    const cache = cacheWith([[bobs[0] as Post, alices], [bobs[1] as Post]], [bobs[1] as Post]);

    patchPostsByAuthor(cache.queryClient, "u-bob", (post) => ({ ...post, isFollowed: false }));

    expect(cache.feedPosts().map((post) => [post._id, post.isFollowed])).toEqual([
      ["p-1", false],
      ["p-3", true],
      ["p-2", false],
    ]);
    expect(cache.detail("p-2")?.isFollowed).toBe(false);
  });
});

describe("addCachedComment", () => {
  it("adds a comment once, even when the answer and the live event both bring it", () => {
    const post = makePost({ comments: [makeComment({ _id: "c-1" })], commentsCount: 1 });
    const cache = cacheWith([[post]], [post]);
    const reply = makeComment({ _id: "c-2", text: "Wow" });

    addCachedComment(cache.queryClient, post._id, reply, 2);
    addCachedComment(cache.queryClient, post._id, reply, 2);

    expect(cache.feedPosts()[0]?.comments.map((comment) => comment._id)).toEqual(["c-1", "c-2"]);
    expect(cache.detail(post._id)).toMatchObject({ commentsCount: 2 });
    expect(cache.detail(post._id)?.comments).toHaveLength(2);
  });
});

describe("removeCachedPost and prependToFeed", () => {
  it("takes a deleted post out of every page", () => {
    const cache = cacheWith([[makePost({ _id: "p-1" })], [makePost({ _id: "p-2" })]]);
    removeCachedPost(cache.queryClient, "p-2");
    expect(cache.feedPosts().map((post) => post._id)).toEqual(["p-1"]);
  });

  it("takes it out of a search's results too, and has what was found beside it read again", () => {
    const cache = cacheWith([[makePost({ _id: "p-1" })]]);
    const searched = [...postKeys.found(), "search", "#sunset"];
    const tags = [{ name: "sunset", postsCount: 2 }];
    cache.queryClient.setQueryData(searched, { members: [], tags, posts: [makePost({ _id: "p-1" })] });
    patchPost(cache.queryClient, "p-1", (post) => ({ ...post, caption: "Edited" }));
    expect(cache.queryClient.getQueryData(searched)).toMatchObject({ posts: [{ caption: "Edited" }] });

    removeCachedPost(cache.queryClient, "p-1");
    expect(cache.queryClient.getQueryData(searched)).toEqual({ members: [], tags, posts: [] });
    expect(cache.queryClient.getQueryState(searched)?.isInvalidated).toBe(true);
  });

  it("puts a new post first, once", () => {
    const cache = cacheWith([[makePost({ _id: "p-1" })], [makePost({ _id: "p-2" })]]);
    const fresh = makePost({ _id: "p-9" });

    prependToFeed(cache.queryClient, fresh);
    prependToFeed(cache.queryClient, fresh);
    prependToFeed(cache.queryClient, makePost({ _id: "p-2" }));

    expect(cache.feedPosts().map((post) => post._id)).toEqual(["p-9", "p-1", "p-2"]);
  });

  it("finds a post the feed holds for the post screen to show at once", () => {
    const cache = cacheWith([[makePost({ _id: "p-1" })], [makePost({ _id: "p-2", caption: "Harbour" })]]);
    expect(findCachedPost(cache.queryClient, "p-2")?.caption).toBe("Harbour");
    expect(findCachedPost(cache.queryClient, "p-3")).toBeUndefined();
  });
});
