import type { Post, PostCommentsPage, PostsPage } from "@flik/shared";
import { type InfiniteData, partialMatchKey, type QueryClient } from "@tanstack/react-query";
import { missedOnConnect } from "../../realtime/catch-up";
import { postKeys } from "../api/post-keys";

type PostLists = InfiniteData<PostsPage, string | null>;
/** An answer under `postKeys.found()`: posts beside other things. */
type FoundPosts = { posts: Post[] };

function mapFound(data: FoundPosts | undefined, map: (posts: Post[]) => Post[]): FoundPosts | undefined {
  if (!data) return data;
  const posts = map(data.posts);
  return posts === data.posts ? data : { ...data, posts };
}

function mapLists(data: PostLists | undefined, map: (posts: Post[]) => Post[]): PostLists | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const posts = map(page.posts);
    if (posts === page.posts) return page;
    changed = true;
    return { ...page, posts };
  });
  return changed ? { ...data, pages: withTakenOutCounted(data.pages, pages) } : data;
}

/** A list whose first page counts all its posts: a tag page's `tag.postsCount`. */
type CountedPage = PostsPage & { tag?: { postsCount: number } };

/**
 * A counted list (a tag page) counts the posts taken out of it, deleted or no longer the viewer's to
 * see (their author went private, or a block), so its count never says more than its grid can show.
 */
function withTakenOutCounted(before: PostsPage[], after: PostsPage[]): PostsPage[] {
  const first = after[0] as CountedPage | undefined;
  const postsIn = (pages: PostsPage[]) => pages.reduce((sum, page) => sum + page.posts.length, 0);
  const gone = postsIn(before) - postsIn(after);
  if (!first?.tag || gone <= 0) return after;
  const tag = { ...first.tag, postsCount: Math.max(0, first.tag.postsCount - gone) };
  return [{ ...first, tag } as CountedPage, ...after.slice(1)];
}

function mapMatching(posts: Post[], match: (post: Post) => boolean, update: (post: Post) => Post): Post[] {
  let changed = false;
  const next = posts.map((post) => {
    if (!match(post)) return post;
    const updated = update(post);
    if (updated !== post) changed = true;
    return updated;
  });
  return changed ? next : posts;
}

/**
 * THE way to change a cached post: applies `update` to every copy of every post that `match`es, in
 * every list (feed pages) and every single-post entry, so all screens show the same post.
 */
export function updateCachedPosts(
  queryClient: QueryClient,
  match: (post: Post) => boolean,
  update: (post: Post) => Post,
): void {
  queryClient.setQueriesData<PostLists>({ queryKey: postKeys.lists() }, (data) =>
    mapLists(data, (posts) => mapMatching(posts, match, update)),
  );
  queryClient.setQueriesData<FoundPosts>({ queryKey: postKeys.found() }, (data) =>
    mapFound(data, (posts) => mapMatching(posts, match, update)),
  );
  queryClient.setQueriesData<Post>({ queryKey: postKeys.details() }, (post) =>
    post && match(post) ? update(post) : post,
  );
}

export function patchPost(queryClient: QueryClient, postId: string, update: (post: Post) => Post): void {
  updateCachedPosts(queryClient, (post) => post._id === postId, update);
}

export function patchPostsByAuthor(
  queryClient: QueryClient,
  authorId: string,
  update: (post: Post) => Post,
): void {
  updateCachedPosts(queryClient, (post) => post.user._id === authorId, update);
}

/** Any cached copy of the post, e.g. the feed's while the full post loads. */
export function findCachedPost(queryClient: QueryClient, postId: string): Post | undefined {
  const detail = queryClient.getQueryData<Post>(postKeys.detail(postId));
  if (detail) return detail;
  for (const [, data] of queryClient.getQueriesData<PostLists>({ queryKey: postKeys.lists() })) {
    for (const page of data?.pages ?? []) {
      const post = page.posts.find((candidate) => candidate._id === postId);
      if (post) return post;
    }
  }
  return undefined;
}

/** Any cached post by this author, for their follow state. */
export function findCachedPostByAuthor(queryClient: QueryClient, authorId: string): Post | undefined {
  for (const [, data] of queryClient.getQueriesData<PostLists>({ queryKey: postKeys.lists() })) {
    for (const page of data?.pages ?? []) {
      const post = page.posts.find((candidate) => candidate.user._id === authorId);
      if (post) return post;
    }
  }
  for (const [, post] of queryClient.getQueriesData<Post>({ queryKey: postKeys.details() })) {
    if (post?.user._id === authorId) return post;
  }
  return undefined;
}

/**
 * Takes a deleted post out of every list. A screen still showing the post itself handles that on its
 * own (it navigates away), so only single-post entries nobody is watching are dropped here.
 */
export function removeCachedPost(queryClient: QueryClient, postId: string): void {
  const without = (posts: Post[]) =>
    posts.some((post) => post._id === postId) ? posts.filter((post) => post._id !== postId) : posts;
  queryClient.setQueriesData<PostLists>({ queryKey: postKeys.lists() }, (data) => mapLists(data, without));
  queryClient.setQueriesData<FoundPosts>({ queryKey: postKeys.found() }, (data) => mapFound(data, without));
  // What was found beside it (a tag's count of posts) is read again when next shown.
  void queryClient.invalidateQueries({ queryKey: postKeys.found(), refetchType: "none" });
  queryClient.removeQueries({ queryKey: postKeys.detail(postId), type: "inactive" });
}

/**
 * Reads again the posts on show, for the live events a connect may have missed. A search's answer
 * (`postKeys.found`) is left alone: no room follows its posts, so a connect missed nothing of it, and
 * asking again would only send the search's calls twice on a page opened at /search?q=maya. Told
 * again while those reads are on their way (the member's room's catch-up and the posts' joins answer
 * together), it lets them go on rather than start them over: each began after the join that told.
 */
export function readShownPostsAgain(queryClient: QueryClient): void {
  void queryClient.invalidateQueries(
    {
      queryKey: postKeys.all,
      predicate: (query) => missedOnConnect(query) && !partialMatchKey(query.queryKey, postKeys.found()),
    },
    { cancelRefetch: false },
  );
}

/** What the member is told when an action finds a post gone for them (deleted, private, blocked). */
export const POST_UNAVAILABLE_TEXT = "This post isn't available.";

/**
 * An action answered 404: the post is gone for this member since it was shown. It leaves every list,
 * and a screen showing it asks again, to show that it is unavailable.
 */
export function forgetUnavailablePost(queryClient: QueryClient, postId: string): void {
  removeCachedPost(queryClient, postId);
  void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
}

/** Puts a new post at the top of the feed, once, if the feed is loaded. */
export function prependToFeed(queryClient: QueryClient, post: Post): void {
  queryClient.setQueryData<PostLists>(postKeys.feed(), (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.posts.some((existing) => existing._id === post._id))) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, posts: [post, ...first.posts] }, ...rest] };
  });
}

/** Adds a comment once (the author's own answer and the live event may both bring it). */
export function addCachedComment(
  queryClient: QueryClient,
  postId: string,
  comment: Post["comments"][number],
  commentsCount: number,
): void {
  patchPost(queryClient, postId, (post) =>
    post.comments.some((existing) => existing._id === comment._id)
      ? post
      : { ...post, comments: [...post.comments, comment], commentsCount },
  );
}

/**
 * Takes a deleted comment out of the post wherever it is cached, and out of its older comments loaded;
 * `commentsCount` is the post's after it (null when not known: a comment found gone already).
 */
export function removeCachedComment(
  queryClient: QueryClient,
  postId: string,
  commentId: string,
  commentsCount: number | null,
): void {
  patchPost(queryClient, postId, (post) =>
    post.comments.some((comment) => comment._id === commentId) || commentsCount !== null
      ? {
          ...post,
          comments: post.comments.filter((comment) => comment._id !== commentId),
          commentsCount: commentsCount ?? post.commentsCount,
        }
      : post,
  );
  queryClient.setQueriesData<InfiniteData<PostCommentsPage, string>>(
    { queryKey: postKeys.olderCommentsOf(postId) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          comments: page.comments.filter((comment) => comment._id !== commentId),
        })),
      },
  );
}

/**
 * Takes every post of this author out of every list (the viewer blocked them). Single-post entries
 * nobody is watching go too; a screen still showing one decides itself what to show instead.
 */
export function removeCachedPostsByAuthor(queryClient: QueryClient, authorId: string): void {
  const without = (posts: Post[]) =>
    posts.some((post) => post.user._id === authorId)
      ? posts.filter((post) => post.user._id !== authorId)
      : posts;
  queryClient.setQueriesData<PostLists>({ queryKey: postKeys.lists() }, (data) => mapLists(data, without));
  queryClient.setQueriesData<FoundPosts>({ queryKey: postKeys.found() }, (data) => mapFound(data, without));
  for (const [key, post] of queryClient.getQueriesData<Post>({ queryKey: postKeys.details() })) {
    if (post?.user._id === authorId)
      queryClient.removeQueries({ queryKey: key, exact: true, type: "inactive" });
  }
}
