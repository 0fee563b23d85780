import type { Tag, TagPageResponse, TagsResponse, TrendingResponse, TrendingTag } from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";

export const TAG_PAGE_SIZE = 24;

const tagPostsPath = (name: string) => `/tags/${encodeURIComponent(name)}/posts`;

export async function searchTags(q: string, limit: number, signal?: AbortSignal): Promise<Tag[]> {
  const query = new URLSearchParams({ q, limit: String(limit) });
  const { tags } = await apiFetch<TagsResponse>(`/tags/search?${query}`, { signal });
  return tags;
}

export function fetchTagPage(name: string, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(TAG_PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  return apiFetch<TagPageResponse>(`${tagPostsPath(name)}?${query}`, { signal });
}

export async function fetchTrendingTags(signal?: AbortSignal): Promise<TrendingTag[]> {
  const { tags } = await apiFetch<TrendingResponse>("/tags/trending", { signal });
  return tags;
}
