import { type ServerToClientEvents, TYPING_STOP_MS } from "@flik/shared";
import { useEffect, useState } from "react";
import { getUserId } from "../../../lib/storage";
import { useSocket } from "../../realtime/socket-provider";

/**
 * Who is typing in the open chat (usernames). Spec §4: someone's indicator clears after 1.5 s without
 * a typing event from them, so a lost stopTyping never leaves it on.
 */
export function useTypingUsers(chatId: string): string[] {
  const socket = useSocket();
  const [typing, setTyping] = useState<{ chatId: string; users: Map<string, string> }>({
    chatId,
    users: new Map(),
  });

  useEffect(() => {
    if (!socket) return;
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const update = (change: (users: Map<string, string>) => void) =>
      setTyping((current) => {
        const users = new Map(current.chatId === chatId ? current.users : []);
        change(users);
        return { chatId, users };
      });
    const stop = (userId: string) => {
      clearTimeout(timers.get(userId));
      timers.delete(userId);
      update((users) => users.delete(userId));
    };
    const onTyping: ServerToClientEvents["typing"] = (event) => {
      if (event.chatId !== chatId || event.userId === getUserId()) return;
      clearTimeout(timers.get(event.userId));
      timers.set(
        event.userId,
        setTimeout(() => stop(event.userId), TYPING_STOP_MS),
      );
      update((users) => users.set(event.userId, event.username));
    };
    const onStop: ServerToClientEvents["stopTyping"] = (event) => {
      if (event.chatId === chatId) stop(event.userId);
    };
    // A message from someone ends their typing, even if their stopTyping is still on its way.
    const onMessage: ServerToClientEvents["newMessage"] = ({ message }) => {
      if (message.chat === chatId) stop(message.sender._id);
    };

    socket.on("typing", onTyping);
    socket.on("stopTyping", onStop);
    socket.on("newMessage", onMessage);
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      socket.off("typing", onTyping);
      socket.off("stopTyping", onStop);
      socket.off("newMessage", onMessage);
    };
  }, [socket, chatId]);

  return typing.chatId === chatId ? [...typing.users.values()] : [];
}
