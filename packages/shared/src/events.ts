/**
 * Typed Socket.IO event maps (spec §7 realtime). Each feature adds its events here, once, and both the
 * server and the web client use the same map.
 */
export interface ServerToClientEvents {
  /** The server closes a socket whose session was revoked; this tells the client why first. */
  sessionRevoked: () => void;
}

export interface ClientToServerEvents {
  /** Joins the member's own room `user:<id>`; only the signed-in member's id is accepted. */
  joinUser: (userId: string, ack?: (result: { ok: boolean }) => void) => void;
}

/** Room names of design.md. */
export const rooms = {
  user: (id: string) => `user:${id}`,
  chat: (id: string) => `chat:${id}`,
  post: (id: string) => `post:${id}`,
  session: (id: string) => `session:${id}`,
} as const;
