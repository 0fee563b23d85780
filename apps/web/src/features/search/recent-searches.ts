import type { UserSearchResult } from "@flik/shared";

/** What the member searched for and opened, newest first, kept on this device only. */
export type RecentSearch =
  | ({ kind: "member" } & UserSearchResult)
  | { kind: "tag"; name: string }
  | { kind: "text"; text: string };

/** A short list, as Instagram keeps: enough to come back to, not a history. */
export const RECENT_SEARCHES_MAX = 10;

/** Two entries are the same search: one member, one tag, or one text whatever its case. */
export function recentKey(item: RecentSearch): string {
  if (item.kind === "member") return `member:${item._id}`;
  if (item.kind === "tag") return `tag:${item.name}`;
  return `text:${item.text.trim().toLowerCase()}`;
}

export function withRecent(list: readonly RecentSearch[], item: RecentSearch): RecentSearch[] {
  const key = recentKey(item);
  return [item, ...list.filter((other) => recentKey(other) !== key)].slice(0, RECENT_SEARCHES_MAX);
}

export function withoutRecent(list: readonly RecentSearch[], key: string): RecentSearch[] {
  return list.filter((item) => recentKey(item) !== key);
}

const isString = (value: unknown): value is string => typeof value === "string";

/** Only entries of a known shape survive: the stored text may come from an older version, or be edited. */
function asRecent(value: unknown): RecentSearch | null {
  if (!value || typeof value !== "object") return null;
  const item = value as Record<string, unknown>;
  if (item.kind === "text" && isString(item.text) && item.text.trim())
    return { kind: "text", text: item.text };
  if (item.kind === "tag" && isString(item.name) && item.name) return { kind: "tag", name: item.name };
  if (item.kind === "member" && isString(item._id) && isString(item.username)) {
    return {
      kind: "member",
      _id: item._id,
      username: item.username,
      fullName: isString(item.fullName) ? item.fullName : "",
      avatar: isString(item.avatar) ? item.avatar : "",
    };
  }
  return null;
}

export function parseRecent(json: string | null): RecentSearch[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value
      .map(asRecent)
      .filter((item): item is RecentSearch => item !== null)
      .slice(0, RECENT_SEARCHES_MAX);
  } catch {
    return [];
  }
}
