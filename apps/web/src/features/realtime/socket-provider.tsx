import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { emitLogout } from "../../lib/auth-events";
import { createUserSocket, type FlikSocket } from "../../lib/socket";
import { clearAuth } from "../../lib/storage";

const SocketContext = createContext<FlikSocket | null>(null);

interface SocketProviderProps {
  token: string;
  userId: string;
  children: ReactNode;
}

/** Holds the member's realtime connection while they are signed in; unmounting (logout) disconnects. */
export function SocketProvider({ token, userId, children }: SocketProviderProps) {
  const [socket, setSocket] = useState<FlikSocket | null>(null);

  useEffect(() => {
    const next = createUserSocket(token, userId);
    // Rooms do not survive a reconnect, so join again on every connect.
    next.on("connect", () => next.emit("joinUser", userId));
    const endSession = () => {
      clearAuth();
      emitLogout("session-revoked");
    };
    next.on("sessionRevoked", endSession);
    // A session revoked before the socket connected is refused at the handshake instead.
    next.on("connect_error", (error) => {
      if (error.message === "unauthorized") endSession();
    });
    next.connect();
    setSocket(next);
    return () => {
      next.removeAllListeners();
      next.disconnect();
      setSocket(null);
    };
  }, [token, userId]);

  return <SocketContext value={socket}>{children}</SocketContext>;
}

/** The live socket, or null before it exists; features subscribe to their own events on it. */
export function useSocket(): FlikSocket | null {
  return useContext(SocketContext);
}
