import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { emitLogout } from "../../lib/auth-events";
import { createUserSocket, type FlikSocket } from "../../lib/socket";
import { clearAuth } from "../../lib/storage";
import { mustReconnect } from "./reconnect";

const SocketContext = createContext<FlikSocket | null>(null);

interface SocketProviderProps {
  token: string;
  /** Null while the session is being checked: nothing connects until the member is known. */
  userId: string | null;
  children: ReactNode;
}

/** Holds the member's realtime connection while they are signed in; unmounting (logout) disconnects. */
export function SocketProvider({ token, userId, children }: SocketProviderProps) {
  const [socket, setSocket] = useState<FlikSocket | null>(null);

  useEffect(() => {
    if (!userId) return;
    const next = createUserSocket(token, userId);
    // Rooms do not survive a reconnect, so join again on every connect.
    next.on("connect", () => next.emit("joinUser", userId));
    let sessionRevoked = false;
    const endSession = () => {
      sessionRevoked = true;
      clearAuth();
      emitLogout("session-revoked");
    };
    next.on("sessionRevoked", endSession);
    // A session revoked while the socket was away (or before it connected) is refused at the handshake
    // instead; socket.io-client does not try again after a refusal, so this cannot loop.
    next.on("connect_error", (error) => {
      if (error.message === "unauthorized") endSession();
    });
    // The feature hooks catch up on the connect that follows (useSocketEvents' onConnect).
    next.on("disconnect", (reason) => {
      if (mustReconnect(reason, sessionRevoked)) next.connect();
    });
    // The browser knows the network went long before the socket's heartbeat does (up to 45 s): the
    // connection is dropped at once, so presence, "Sending…" and the screens say so, and the client's
    // own backoff (at most 5 s apart) brings it back once the network is.
    const dropOnOffline = () => {
      if (next.connected) next.io.engine.close();
    };
    window.addEventListener("offline", dropOnOffline);
    next.connect();
    setSocket(next);
    return () => {
      window.removeEventListener("offline", dropOnOffline);
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
