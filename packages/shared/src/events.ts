import type { Post, PostComment, PostEdit } from "./posts.js";

/**
 * Typed Socket.IO event maps (spec §7 realtime). Each feature adds its events here, once, and both the
 * server and the web client use the same map.
 */
export interface ServerToClientEvents {
  /** The server closes a socket whose session was revoked; this tells the client why first. */
  sessionRevoked: () => void;

  // Posts (to the room post:<id> of everyone viewing the post).
  /** `isLiked` is the state of `userId`, the member who liked or unliked. */
  postLiked: (event: { postId: string; likesCount: number; userId: string; isLiked: boolean }) => void;
  postCommented: (event: { postId: string; comment: PostComment; commentsCount: number }) => void;
  postUpdated: (event: { post: PostEdit }) => void;
  postDeleted: (event: { postId: string }) => void;
  postShared: (event: { postId: string; sharesCount: number }) => void;
  /** To the rooms of the author's followers: a post as a follower sees it. */
  newPost: (event: { post: Post }) => void;
  /** To the post owner's room, for what others do to their posts. */
  newLike: (event: { postId: string; username: string }) => void;
  newComment: (event: { postId: string; username: string; text: string }) => void;
  newShare: (event: { postId: string; username: string }) => void;
}

export interface ClientToServerEvents {
  /** Joins the member's own room `user:<id>`; only the signed-in member's id is accepted. */
  joinUser: (userId: string, ack?: (result: { ok: boolean }) => void) => void;
  /** Follows a post's live changes; only a post the member may see is joined. */
  joinPostRoom: (postId: string, ack?: (result: { ok: boolean }) => void) => void;
  leavePostRoom: (postId: string) => void;
}

/** Room names of design.md. */
export const rooms = {
  user: (id: string) => `user:${id}`,
  chat: (id: string) => `chat:${id}`,
  post: (id: string) => `post:${id}`,
  session: (id: string) => `session:${id}`,
} as const;
