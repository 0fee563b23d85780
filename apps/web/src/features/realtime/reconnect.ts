import type { Socket } from "socket.io-client";

/**
 * Whether the app must connect again itself. socket.io-client comes back on its own (with its backoff)
 * after a lost connection, but never after the server's own disconnect. Flik's server disconnects a
 * socket only when its session is revoked (after saying so), but older servers did it on every
 * shutdown: a tab that went quiet after a deploy until reloaded.
 */
export function mustReconnect(reason: Socket.DisconnectReason, sessionRevoked: boolean): boolean {
  return reason === "io server disconnect" && !sessionRevoked;
}
