import type {
  CreateStoryBody,
  MessageResponse,
  StoriesResponse,
  Story,
  StoryArchivePage,
  StoryGroup,
  StoryResponse,
  StoryViewersResponse,
} from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";

const storyPath = (id: string) => `/stories/${encodeURIComponent(id)}`;

/** POST /stories/{id}/view answers the story's new count with its message. */
export interface StoryViewedResponse extends MessageResponse {
  viewersCount: number;
}

export async function fetchStories(signal?: AbortSignal): Promise<StoryGroup[]> {
  const { stories } = await apiFetch<StoriesResponse>("/stories", { signal });
  return stories;
}

/** GET /stories/user/{username}: the member's live stories as the strip groups them (none or one group). */
export async function fetchMemberStories(username: string, signal?: AbortSignal): Promise<StoryGroup[]> {
  const { stories } = await apiFetch<StoriesResponse>(`/stories/user/${encodeURIComponent(username)}`, {
    signal,
  });
  return stories;
}

export async function createStory(body: CreateStoryBody): Promise<Story> {
  const { story } = await apiFetch<StoryResponse>("/stories", { method: "POST", body });
  return story;
}

export function deleteStory(id: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(storyPath(id), { method: "DELETE" });
}

export function viewStory(id: string): Promise<StoryViewedResponse> {
  return apiFetch<StoryViewedResponse>(`${storyPath(id)}/view`, { method: "POST" });
}

export function fetchStoryViewers(id: string, signal?: AbortSignal): Promise<StoryViewersResponse> {
  return apiFetch<StoryViewersResponse>(`${storyPath(id)}/viewers`, { signal });
}

/** GET /stories/archive (an extension): the member's own stories, expired ones included, newest first. */
export function fetchStoryArchive(
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<StoryArchivePage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set("cursor", cursor);
  return apiFetch<StoryArchivePage>(`/stories/archive?${query}`, { signal });
}
