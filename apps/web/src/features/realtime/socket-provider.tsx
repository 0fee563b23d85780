import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { emitLogout } from "../../lib/auth-events";
import { createUserSocket, type FlikSocket } from "../../lib/socket";
import { clearAuth } from "../../lib/storage";
import { mayHaveMissed } from "./catch-up";
import { mustReconnect } from "./reconnect";

type CatchUpListener = () => void;
/** Subscribes to the moments the features read again what they may have missed; answers the unsubscribe. */
export type OnCatchUp = (listener: CatchUpListener) => () => void;

interface Connection {
  socket: FlikSocket;
  onCatchUp: OnCatchUp;
}

const SocketContext = createContext<Connection | null>(null);

/**
 * How long ago this page began, by the longer of two clocks: the monotonic one stops while a device
 * sleeps, and a page put to sleep before its socket connected must not seem young when it wakes.
 */
const pageAge = () => Math.max(performance.now(), Date.now() - performance.timeOrigin);

interface SocketProviderProps {
  token: string;
  /** Null while the session is being checked: nothing connects until the member is known. */
  userId: string | null;
  children: ReactNode;
}

/** Holds the member's realtime connection while they are signed in; unmounting (logout) disconnects. */
export function SocketProvider({ token, userId, children }: SocketProviderProps) {
  const [connection, setConnection] = useState<Connection | null>(null);

  useEffect(() => {
    if (!userId) return;
    const next = createUserSocket(token, userId);
    const catchUpListeners = new Set<CatchUpListener>();
    let connectedBefore = false;
    // Rooms do not survive a reconnect, so join again on every connect; once joined, the features read
    // again what came while the socket was away or still connecting, unless the answer says nothing did.
    next.on("connect", () => {
      const firstConnect = !connectedBefore;
      connectedBefore = true;
      next.emit("joinUser", userId, (answer) => {
        if (!mayHaveMissed(answer, firstConnect, pageAge())) return;
        for (const listener of catchUpListeners) listener();
      });
    });
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
    // The feature hooks catch up after the connect that follows (useSocketEvents' onCatchUp).
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
    setConnection({
      socket: next,
      onCatchUp: (listener) => {
        catchUpListeners.add(listener);
        return () => catchUpListeners.delete(listener);
      },
    });
    return () => {
      window.removeEventListener("offline", dropOnOffline);
      catchUpListeners.clear();
      next.removeAllListeners();
      next.disconnect();
      setConnection(null);
    };
  }, [token, userId]);

  return <SocketContext value={connection}>{children}</SocketContext>;
}

/** The live socket, or null before it exists; features subscribe to their own events on it. */
export function useSocket(): FlikSocket | null {
  return useContext(SocketContext)?.socket ?? null;
}

/** Where features hear that they must read again what the socket may have missed; null before it exists. */
export function useOnCatchUp(): OnCatchUp | null {
  return useContext(SocketContext)?.onCatchUp ?? null;
}
