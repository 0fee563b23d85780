import { httpAddress } from "@flik/shared";

/** The website as people read it: no scheme, no trailing slash. */
export function displayUrl(website: string): string {
  return website.replace(/^https?:\/\//i, "").replace(/\/$/, "");
}

/**
 * A link only to http(s); anything else (javascript:, data:) is never made clickable. Read as the
 * server's website rule reads it, so every website it keeps is shown.
 */
export function safeHref(website: string): string | null {
  const trimmed = website.trim();
  if (!trimmed) return null;
  const href = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  return httpAddress(href) ? href : null;
}

/** The server takes only http(s) addresses; "example.com" is read as https://example.com. */
export function normalizeWebsite(website: string): string {
  const trimmed = website.trim();
  if (!trimmed || /^https?:\/\//i.test(trimmed)) return trimmed;
  return /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
