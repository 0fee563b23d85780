import type {
  CommentDeletedResponse,
  CommentResponse,
  CreatePostBody,
  LikeResponse,
  MessageResponse,
  Post,
  PostCommentsPage,
  PostResponse,
  PostsPage,
  ShareResponse,
  UpdatePostBody,
} from "@flik/shared";
import { OLDER_COMMENTS_PAGE_SIZE } from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";

export const FEED_PAGE_SIZE = 10;

const postPath = (id: string) => `/posts/${encodeURIComponent(id)}`;

export function fetchFeedPage(cursor: string | null, signal?: AbortSignal): Promise<PostsPage> {
  const query = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  return apiFetch<PostsPage>(`/posts?${query}`, { signal });
}

export async function fetchPost(id: string, signal?: AbortSignal): Promise<Post> {
  const { post } = await apiFetch<PostResponse>(postPath(id), { signal });
  return post;
}

export async function createPost(body: CreatePostBody): Promise<Post> {
  const { post } = await apiFetch<PostResponse>("/posts", { method: "POST", body });
  return post;
}

export async function updatePost(id: string, body: UpdatePostBody): Promise<Post> {
  const { post } = await apiFetch<PostResponse>(postPath(id), { method: "PUT", body });
  return post;
}

export function deletePost(id: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(postPath(id), { method: "DELETE" });
}

export function likePost(id: string): Promise<LikeResponse> {
  return apiFetch<LikeResponse>(`${postPath(id)}/like`, { method: "POST" });
}

export function unlikePost(id: string): Promise<LikeResponse> {
  return apiFetch<LikeResponse>(`${postPath(id)}/unlike`, { method: "POST" });
}

export function commentOnPost(id: string, text: string): Promise<CommentResponse> {
  return apiFetch<CommentResponse>(`${postPath(id)}/comment`, { method: "POST", body: { text } });
}

export function deleteComment(postId: string, commentId: string): Promise<CommentDeletedResponse> {
  return apiFetch<CommentDeletedResponse>(`${postPath(postId)}/comments/${encodeURIComponent(commentId)}`, {
    method: "DELETE",
  });
}

export function sharePost(id: string): Promise<ShareResponse> {
  return apiFetch<ShareResponse>(`${postPath(id)}/share`, { method: "POST" });
}

/** A page of the post's comments past `cursor` (a post's `commentsCursor`, then each page's `nextCursor`). */
export function fetchOlderComments(
  id: string,
  cursor: string,
  signal?: AbortSignal,
): Promise<PostCommentsPage> {
  const query = new URLSearchParams({ limit: String(OLDER_COMMENTS_PAGE_SIZE), cursor });
  return apiFetch<PostCommentsPage>(`${postPath(id)}/comments?${query}`, { signal });
}
