import { TYPING_STOP_MS } from "@flik/shared";
import { useCallback, useEffect, useRef } from "react";
import { useSocket } from "../../realtime/socket-provider";

/** Under TYPING_STOP_MS, so the other side's indicator never lapses while the member keeps typing. */
export const TYPING_REPEAT_MS = 1000;

/**
 * Tells the chat the member is typing: `typing` at most once a second while keys are pressed, and
 * `stopTyping` after 1.5 s idle (spec §9), on send, or on leaving the chat.
 */
export function useTypingEmitter(chatId: string) {
  const socket = useSocket();
  const lastSent = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const stopTyping = useCallback(() => {
    clearTimeout(idleTimer.current);
    if (lastSent.current === 0) return;
    lastSent.current = 0;
    socket?.emit("stopTyping", chatId);
  }, [socket, chatId]);

  const onTyping = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current >= TYPING_REPEAT_MS) {
      lastSent.current = now;
      socket?.emit("typing", chatId);
    }
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stopTyping, TYPING_STOP_MS);
  }, [socket, chatId, stopTyping]);

  useEffect(() => stopTyping, [stopTyping]);

  return { onTyping, stopTyping };
}
