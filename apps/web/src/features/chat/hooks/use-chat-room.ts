import { useEffect } from "react";
import { useSocket } from "../../realtime/socket-provider";
import { setActiveChat } from "../state/active-chat";

/**
 * The open chat: its room (typing and seen state, §7) is joined while it is on screen and joined again
 * after every reconnect, because the server forgets rooms on disconnect. A message request shares no
 * typing until accepted (`joinable`), and is joined the moment it is.
 */
export function useChatRoom(chatId: string, joinable = true): void {
  const socket = useSocket();

  useEffect(() => {
    setActiveChat(chatId);
    return () => setActiveChat(null);
  }, [chatId]);

  useEffect(() => {
    if (!socket || !joinable) return;
    const join = () => socket.emit("joinChat", chatId);
    if (socket.connected) join();
    socket.on("connect", join);
    return () => {
      socket.off("connect", join);
      socket.emit("leaveChat", chatId);
    };
  }, [socket, chatId, joinable]);
}
