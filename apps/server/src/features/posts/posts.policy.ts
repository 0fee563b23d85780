import { canDeleteComment as mayDeleteComment } from "@flik/shared";
import { audienceOf, canSeeContentOf, type Member, type Relation } from "../users/users.policy.js";

/**
 * Who may see and touch a post (a flick is a post with a video). Every route, service, query and
 * socket emission of posts and flicks asks here.
 */

/** A post as the rules need it: its owner, the author, and the viewer's relation to the author. */
export interface PostAccess {
  post: { userId: string };
  author: Member;
  relation: Relation;
}

/** May the viewer see the post? Whoever may see the author's content; to anyone else it does not exist. */
export function canSeePost(viewerId: string, { author, relation }: PostAccess): boolean {
  return canSeeContentOf(viewerId, author, relation);
}

/** May the viewer see a member's posts (their profile grid)? */
export function canSeePostsOf(viewerId: string, author: Member, relation: Relation): boolean {
  return canSeeContentOf(viewerId, author, relation);
}

/** May the viewer like, comment on, share or watch the post live? */
export function canInteractWithPost(viewerId: string, access: PostAccess): boolean {
  return canSeePost(viewerId, access);
}

/** Only the owner edits or deletes a post. */
export function canEditPost(viewerId: string, { post }: Pick<PostAccess, "post">): boolean {
  return post.userId === viewerId;
}

/** Who hears live of a new or deleted post or flick: everyone, or the author's followers. */
export const postAudience = (author: Member) => audienceOf(author);

/** A comment's author, and the owner of the post it is on, may delete it (shared with the web app). */
export function canDeleteComment(viewerId: string, comment: { authorId: string; postOwnerId: string }) {
  return mayDeleteComment(viewerId, comment);
}
