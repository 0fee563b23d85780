import { useQueryClient } from "@tanstack/react-query";
import { useSocket } from "../../realtime/socket-provider";
import { useSocketEvents } from "../../realtime/use-socket-events";
import { sendWaiting } from "./outbox-delivery";

/**
 * Sends the messages written while the connection was down as soon as it is back, on whatever screen
 * the member is by then (mounted with ChatUnreadSync, on every signed-in screen).
 */
export function useSendWaiting(): void {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useSocketEvents(
    {},
    {
      onConnect: () => {
        if (socket) void sendWaiting(socket, queryClient);
      },
    },
  );
}
