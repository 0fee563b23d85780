import type { SessionRow } from "../../db/schema.js";

/** Session of spec §3, as listed on the settings screen. */
export interface PresentedSession {
  _id: string;
  device: string;
  browser: string;
  location: string;
  lastActive: string;
  current: boolean;
}

export function presentSession(row: SessionRow, currentSessionId: string): PresentedSession {
  return {
    _id: row.id,
    device: row.device,
    browser: row.browser,
    location: row.location,
    lastActive: row.lastActiveAt.toISOString(),
    current: row.id === currentSessionId,
  };
}
