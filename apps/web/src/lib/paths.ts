/** A member's profile page (spec §2). */
export function profilePath(username: string): string {
  return `/profile/${encodeURIComponent(username)}`;
}

/** A post's own page, under its author's name (spec §2). */
export function postPath(username: string, postId: string): string {
  return `/post/${encodeURIComponent(username)}/${encodeURIComponent(postId)}`;
}

/**
 * The history state of a post's page opened from its own modal (a profile's grid): the entry before it
 * is that modal's, which a Back after the post is deleted passes over, to the screen under it.
 */
export interface PostPageArrival {
  overItsModal?: boolean;
}

/** A post's short link by id alone (shares, notifications); it redirects to `postPath` once loaded. */
export function postLinkPath(postId: string): string {
  return `/post/${encodeURIComponent(postId)}`;
}

/** A tag's page (issue 18): `tag` as stored, without its `#`. */
export function tagPath(tag: string): string {
  return `/tags/${encodeURIComponent(tag)}`;
}
