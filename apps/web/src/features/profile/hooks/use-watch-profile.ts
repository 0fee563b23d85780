import { useEffect } from "react";
import { useSocket } from "../../realtime/socket-provider";

/**
 * An open profile of another member hears them go private or public (memberPrivacyChanged), which its
 * grid alone would not: a locked profile, or one with no posts, watches none of their posts. Watched
 * again on every connect, as rooms do not survive one.
 */
export function useWatchProfile(userId: string | null): void {
  const socket = useSocket();
  useEffect(() => {
    if (!socket || !userId) return;
    const watch = () => socket.emit("watchProfile", userId);
    if (socket.connected) watch();
    socket.on("connect", watch);
    return () => {
      socket.off("connect", watch);
      // A disconnected socket watches nothing already; a buffered unwatch would be sent on reconnect.
      if (socket.connected) socket.emit("unwatchProfile", userId);
    };
  }, [socket, userId]);
}
