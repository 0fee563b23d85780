import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { getUserId } from "../../../lib/storage";
import { useCurrentUserQuery } from "../../auth/api/user.queries";
import { findCachedChat } from "../../chat/cache/chat-cache";
import { chatPath } from "../../chat/chat-location";
import { useSocketEvents } from "../../realtime/use-socket-events";
import { actionText, notificationHref, senderName } from "../notification-view";
import { showSystemNotice } from "../system-notifications";

/**
 * While the member's Push notifications setting is on, what arrives live while Flik's tab is in the
 * background (a notification, a message of a chat that is no request) shows as the browser's own
 * notification; a click on it brings the tab forward, on what it is about.
 */
export function useSystemNotifications(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUserQuery(true);
  const enabled = user?.pushNotifications === true;

  useSocketEvents(
    enabled
      ? {
          newNotification: ({ notification }) =>
            showSystemNotice(
              {
                title: "Flik",
                body: `${senderName(notification)} ${actionText(notification)}`,
                icon: notification.sender?.avatar,
                tag: `notification:${notification._id}`,
                path: notificationHref(notification),
              },
              navigate,
            ),
          newMessage: ({ message }) => {
            // Own messages (another tab's) and message requests (issue 16) stay quiet.
            if (message.sender._id === getUserId()) return;
            if (findCachedChat(queryClient, message.chat)?.isRequest) return;
            showSystemNotice(
              {
                title: message.sender.username,
                body: message.text,
                icon: message.sender.avatar,
                tag: `message:${message._id}`,
                path: chatPath(message.chat),
              },
              navigate,
            );
          },
        }
      : {},
  );
}

/** Mount once inside the signed-in area (inside SocketProvider), e.g. in AppLayout. */
export function SystemNotifications() {
  useSystemNotifications();
  return null;
}
