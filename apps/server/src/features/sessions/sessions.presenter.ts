import type { Session } from "@flik/shared";
import type { SessionRow } from "../../db/schema.js";

export function presentSession(row: SessionRow, currentSessionId: string): Session {
  return {
    _id: row.id,
    device: row.device,
    browser: row.browser,
    location: row.location,
    lastActive: row.lastActiveAt.toISOString(),
    current: row.id === currentSessionId,
  };
}
