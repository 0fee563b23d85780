import { useEffect } from "react";
import { useSocket } from "./socket-provider";

/** The events that put this socket in a room of the server's and take it out again. */
export type RoomEvents = readonly ["joinChat", "leaveChat"] | readonly ["watchProfile", "unwatchProfile"];

/**
 * Keeps this socket in one room (`id`; none while null) for as long as the caller is mounted: joined at
 * once when connected and again on every connect, as the server forgets rooms on disconnect. It is left
 * only while connected: a disconnected socket is in no room already, and a leave emitted then would be
 * buffered and sent after the reconnect, behind the join of the room opened meanwhile, or even of this
 * same room opened again, taking that screen out of it.
 */
export function useSocketRoom([joinEvent, leaveEvent]: RoomEvents, id: string | null): void {
  const socket = useSocket();
  useEffect(() => {
    if (!socket || !id) return;
    const join = () => socket.emit(joinEvent, id);
    if (socket.connected) join();
    socket.on("connect", join);
    return () => {
      socket.off("connect", join);
      if (socket.connected) socket.emit(leaveEvent, id);
    };
  }, [socket, joinEvent, leaveEvent, id]);
}
