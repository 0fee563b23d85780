import { useEffect, useRef } from "react";
import { useSocket } from "../../realtime/socket-provider";

/**
 * Keeps this socket in the rooms of exactly these posts: joins new ones, leaves dropped ones, leaves
 * all on unmount, and joins again after every reconnect (the server forgets rooms on disconnect).
 */
export function usePostRooms(postIds: readonly string[]): void {
  const socket = useSocket();
  const joined = useRef(new Set<string>());
  const wantedKey = [...new Set(postIds)].sort().join(",");

  useEffect(() => {
    if (!socket) return;
    const rooms = joined.current;
    const rejoin = () => {
      for (const id of rooms) socket.emit("joinPostRoom", id);
    };
    socket.on("connect", rejoin);
    return () => {
      socket.off("connect", rejoin);
      for (const id of rooms) socket.emit("leavePostRoom", id);
      rooms.clear();
    };
  }, [socket]);

  useEffect(() => {
    if (!socket) return;
    const rooms = joined.current;
    const wanted = new Set(wantedKey ? wantedKey.split(",") : []);
    for (const id of [...rooms]) {
      if (!wanted.has(id)) {
        socket.emit("leavePostRoom", id);
        rooms.delete(id);
      }
    }
    for (const id of wanted) {
      if (!rooms.has(id)) {
        socket.emit("joinPostRoom", id);
        rooms.add(id);
      }
    }
  }, [socket, wantedKey]);
}
