import { QUIET_FOR_MAX_MS, type SessionRevokedReason } from "@flik/shared";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { emitLogout } from "../../lib/auth-events";
import { createUserSocket, type FlikSocket } from "../../lib/socket";
import { clearAuth } from "../../lib/storage";
import { mayHaveMissed, pageAge, type QuietAnswer } from "./catch-up";
import { mustReconnect } from "./reconnect";

type CatchUpListener = () => void;
/** Subscribes to the moments the features read again what they may have missed; answers the unsubscribe. */
export type OnCatchUp = (listener: CatchUpListener) => () => void;

/**
 * Whether a room joined as the socket first connected may have had events since this page read what it
 * shows (its join's answer says how quiet the room was). False after a reconnect: `onCatchUp` has every
 * feature read again then.
 */
export type MissedOnFirstConnect = (answer: QuietAnswer) => boolean;

/**
 * Whether a room joined later in the page's first connection, while the page is still loading (younger
 * than the longest quiet an answer tells), says it had an event since the page began: the screen's
 * read, made as the socket connected, may predate it. An answer that says nothing of how quiet the
 * room was (its connection's few are used, or several nodes) tells of nothing; so does any answer once
 * the page has loaded (a later page of a list, joined as it comes, is left as before).
 */
export type HeardSincePageBegan = (answer: QuietAnswer) => boolean;

interface Connection {
  socket: FlikSocket;
  onCatchUp: OnCatchUp;
  missedOnFirstConnect: MissedOnFirstConnect;
  heardSincePageBegan: HeardSincePageBegan;
}

const SocketContext = createContext<Connection | null>(null);

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
    let connects = 0;
    // Rooms do not survive a reconnect, so join again on every connect; once joined, the features read
    // again what came while the socket was away or still connecting, unless the answer says nothing did.
    next.on("connect", () => {
      connects++;
      const firstConnect = connects === 1;
      next.emit("joinUser", userId, (answer) => {
        if (!mayHaveMissed(answer, firstConnect, pageAge())) return;
        for (const listener of catchUpListeners) listener();
      });
    });
    let sessionRevoked = false;
    const endSession = (event?: { reason: SessionRevokedReason }) => {
      sessionRevoked = true;
      clearAuth();
      emitLogout(event?.reason ?? "session-revoked");
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
      missedOnFirstConnect: (answer) => connects === 1 && mayHaveMissed(answer, true, pageAge()),
      heardSincePageBegan: (answer) => {
        const age = pageAge();
        const quiet = answer.ok ? answer.quietForMs : undefined;
        return connects === 1 && age < QUIET_FOR_MAX_MS && typeof quiet === "number" && quiet < age;
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

/** How a join's answer tells of events its rooms had before it: see the two types; null before the socket exists. */
export function useJoinedRoomsCheck(): Pick<
  Connection,
  "missedOnFirstConnect" | "heardSincePageBegan"
> | null {
  return useContext(SocketContext) ?? null;
}

/** Where features hear that they must read again what the socket may have missed; null before it exists. */
export function useOnCatchUp(): OnCatchUp | null {
  return useContext(SocketContext)?.onCatchUp ?? null;
}
