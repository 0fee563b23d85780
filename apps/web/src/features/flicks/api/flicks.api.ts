import type {
  FlickComment,
  FlickCommentResponse,
  FlickLikeResponse,
  FlicksPage,
  MessageResponse,
  ShareResponse,
} from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";
import { fetchPost } from "../../posts/api/posts.api";

export const FLICKS_PAGE_SIZE = 10;

const flickPath = (id: string) => `/flicks/${encodeURIComponent(id)}`;

export function fetchFlicksPage(cursor: string | null, signal?: AbortSignal): Promise<FlicksPage> {
  const query = new URLSearchParams({ limit: String(FLICKS_PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  return apiFetch<FlicksPage>(`/flicks?${query}`, { signal });
}

/** `liked` is always sent, so a double tap can only like and a repeated call changes nothing. */
export function likeFlick(id: string, liked: boolean): Promise<FlickLikeResponse> {
  return apiFetch<FlickLikeResponse>(`${flickPath(id)}/like`, { method: "POST", body: { liked } });
}

export function commentOnFlick(id: string, text: string): Promise<FlickCommentResponse> {
  return apiFetch<FlickCommentResponse>(`${flickPath(id)}/comment`, { method: "POST", body: { text } });
}

export function shareFlick(id: string): Promise<ShareResponse> {
  return apiFetch<ShareResponse>(`${flickPath(id)}/share`, { method: "POST" });
}

export function deleteFlick(id: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(flickPath(id), { method: "DELETE" });
}

/** A flick's comments for its panel, and where its older ones start (`Post.commentsCursor`). */
export interface FlickComments {
  comments: FlickComment[];
  cursor: string | null;
}

/**
 * A flick is a post: the post carries up to POST_COMMENTS_LISTED comments (the feed only the newest),
 * and the cursor GET /posts/{id}/comments goes on from to the older ones.
 */
export async function fetchFlickComments(id: string, signal?: AbortSignal): Promise<FlickComments> {
  const { comments, commentsCursor } = await fetchPost(id, signal);
  return { comments, cursor: commentsCursor ?? null };
}
