import type { Notification } from "@flik/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { userKeys } from "../../auth/api/user-keys";
import { followRequestKeys } from "../../follow-requests/api/follow-request-keys";
import {
  addToFollowRequestsCount,
  removeCachedRequest,
} from "../../follow-requests/cache/follow-requests-cache";
import { applyFollowAccepted } from "../../follows/cache/follow-cache";
import { missedOnConnect } from "../../realtime/catch-up";
import { useSocketEvents } from "../../realtime/use-socket-events";
import { notificationKeys, notificationMutationKey } from "../api/notification-keys";
import {
  answeredHere,
  findCachedNotification,
  markAllCachedRead,
  prependCachedNotification,
  setCachedRead,
  setUnreadCount,
  updateCachedNotifications,
} from "../cache/notifications-cache";
import { useNewNotificationsAnnouncer } from "./use-new-notifications-announcer";

/** Notifications already acted on, per client: a follow request counts once, should two listeners hear it. */
const seen = new WeakMap<QueryClient, Set<string>>();

function firstSight(queryClient: QueryClient, notification: Notification): boolean {
  let ids = seen.get(queryClient);
  if (!ids) {
    ids = new Set();
    seen.set(queryClient, ids);
  }
  if (ids.has(notification._id)) return false;
  ids.add(notification._id);
  return true;
}

const answeredOf = (queryClient: QueryClient, id: string) => {
  const notification = findCachedNotification(queryClient, id);
  return notification !== undefined && answeredHere(notification) !== undefined;
};

/** What a follow request or its answer changes beyond the list: the requests count and follow buttons. */
function applyFollowRequestNotification(queryClient: QueryClient, notification: Notification): void {
  if (notification.type !== "follow_request" && notification.type !== "follow_accepted") return;
  if (!notification.sender || !firstSight(queryClient, notification)) return;
  if (notification.type === "follow_request") {
    addToFollowRequestsCount(queryClient, 1);
    void queryClient.invalidateQueries({ queryKey: followRequestKeys.all });
  } else {
    applyFollowAccepted(queryClient, notification.sender._id);
  }
}

/**
 * Spec §4: a live notification goes on top as unread and the count follows the server's recomputed one,
 * and screen readers are told of it. On every connect, what arrived while the socket was not there is
 * fetched again.
 */
export function useNotificationLiveUpdates(): void {
  const queryClient = useQueryClient();
  const announceNew = useNewNotificationsAnnouncer();

  useSocketEvents(
    {
      newNotification: ({ notification, unreadCount }) => {
        applyFollowRequestNotification(queryClient, notification);
        prependCachedNotification(queryClient, { ...notification, read: false });
        setUnreadCount(queryClient, unreadCount);
        announceNew(notification);
      },
      // Follow requests withdrawn, declined or accepted (here or in another tab): nothing left to answer.
      // Going public closes every pending one in this one event, so the lists are asked again once.
      // A deleted post's notifications went with it (`postId`), from this tab or another. Those this tab
      // answered keep their rows (saying so) while they are shown: they are this tab's own news.
      notificationsRemoved: ({ ids, unreadCount, followRequestsFrom = [], accepted, postId }) => {
        const gone = new Set(ids);
        const answeredHereOnly = ids.length > 0 && ids.every((id) => answeredOf(queryClient, id));
        updateCachedNotifications(
          queryClient,
          (notification) =>
            !answeredHere(notification) &&
            (gone.has(notification._id) || (postId !== undefined && notification.post?._id === postId)),
          () => null,
        );
        setUnreadCount(queryClient, unreadCount);
        if (followRequestsFrom.length > 0) {
          for (const requesterId of followRequestsFrom)
            removeCachedRequest(queryClient, requesterId, { unlessAnswered: true });
          // The account's followRequestsCount is the server's to say (this tab may have counted it already).
          void queryClient.invalidateQueries({ queryKey: userKeys.me(), exact: true });
        }
        // An accepted request left a (read) "started following you" in its place: the list is asked again
        // (by this tab when next shown, if it accepted them all itself).
        if (accepted)
          void queryClient.invalidateQueries({
            queryKey: notificationKeys.list(),
            ...(answeredHereOnly && { refetchType: "none" as const }),
          });
      },
      // What this member marked in another tab; this tab's own pending marks settle the count themselves.
      notificationsRead: ({ ids, read, unreadCount }) => {
        if (ids === "all") markAllCachedRead(queryClient);
        else for (const id of ids) setCachedRead(queryClient, id, read);
        if (queryClient.isMutating({ mutationKey: notificationMutationKey }) === 0)
          setUnreadCount(queryClient, unreadCount);
      },
    },
    // After every reconnect, and the first connect too unless nothing came meanwhile: a page loaded
    // before the socket was up read the list and the count before the member's room was joined, and
    // what came between was sent to no one.
    {
      onCatchUp: () => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all, predicate: missedOnConnect });
        void queryClient.invalidateQueries({ queryKey: followRequestKeys.all, predicate: missedOnConnect });
      },
      writesTo: notificationKeys.all,
    },
  );
}
