import { useEffect } from "react";
import { type RoomEvents, useSocketRoom } from "../../realtime/use-socket-room";
import { setActiveChat } from "../state/active-chat";

const CHAT_ROOM: RoomEvents = ["joinChat", "leaveChat"];

/**
 * The open chat: its room (typing and seen state, §7) is joined while it is on screen, and again after
 * every reconnect. A message request shares no typing until accepted (`joinable`), and is joined the
 * moment it is.
 */
export function useChatRoom(chatId: string, joinable = true): void {
  useEffect(() => {
    setActiveChat(chatId);
    return () => setActiveChat(null);
  }, [chatId]);

  useSocketRoom(CHAT_ROOM, joinable ? chatId : null);
}
