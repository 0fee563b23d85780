import type { Highlight, HighlightBody, HighlightUpdateBody, MessageResponse } from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";

const highlightPath = (id: string) => `/highlights/${encodeURIComponent(id)}`;

export async function fetchHighlights(username: string, signal?: AbortSignal): Promise<Highlight[]> {
  const { highlights } = await apiFetch<{ highlights: Highlight[] }>(
    `/highlights/user/${encodeURIComponent(username)}`,
    { signal },
  );
  return highlights;
}

export async function createHighlight(body: HighlightBody): Promise<Highlight> {
  const { highlight } = await apiFetch<{ highlight: Highlight }>("/highlights", { method: "POST", body });
  return highlight;
}

export async function updateHighlight(id: string, body: HighlightUpdateBody): Promise<Highlight> {
  const { highlight } = await apiFetch<{ highlight: Highlight }>(highlightPath(id), { method: "PUT", body });
  return highlight;
}

export function deleteHighlight(id: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(highlightPath(id), { method: "DELETE" });
}
