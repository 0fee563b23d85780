import type { ClientToServerEvents, ServerToClientEvents } from "@flik/shared";
import { io, type Socket } from "socket.io-client";

export type FlikSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Same origin by default; VITE_SOCKET_URL points elsewhere when the API lives on another host. */
const SOCKET_URL: string | undefined = import.meta.env.VITE_SOCKET_URL || undefined;

export function createUserSocket(token: string, userId: string): FlikSocket {
  const options = {
    path: "/socket.io",
    transports: ["websocket"],
    auth: { token },
    query: { userId },
    autoConnect: false,
  };
  return SOCKET_URL ? io(SOCKET_URL, options) : io(options);
}
