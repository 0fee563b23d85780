// Kept apart from the request schemas (zod) of users.ts: the web app's feed and follow buttons use this
// rule, and importing it from there would download zod with them.

/**
 * Who may see what a member shares (posts, flicks, highlights, follower lists): public members,
 * oneself, and followers of private ones. The server's policies enforce it; the web app uses it only to
 * say why something is not shown.
 */
export function canSeeContentOf(
  member: { isPrivate: boolean },
  viewer: { isSelf: boolean; isFollower: boolean },
): boolean {
  return !member.isPrivate || viewer.isSelf || viewer.isFollower;
}
