import type { MessageResponse, Notification, User } from "@flik/shared";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { userKeys } from "../../auth/api/user-keys";
import { followKeys } from "../../follows/api/follow-keys";
import { notificationKeys } from "../../notifications/api/notification-keys";
import {
  getUnreadCount,
  type ListedNotification,
  setUnreadCount,
  updateCachedNotifications,
} from "../../notifications/cache/notifications-cache";
import { patchProfileMember } from "../../profile/cache/profile-cache";
import { followRequestKeys } from "../api/follow-request-keys";
import { acceptFollowRequest, declineFollowRequest } from "../api/follow-requests.api";
import {
  dropAnsweredNotifications,
  dropAnsweredRequests,
  keepNotificationAnswer,
  setCachedRequestAnswer,
} from "../cache/answered-requests";
import { addToFollowRequestsCount, type RequestAnswer } from "../cache/follow-requests-cache";

export interface AnswerFollowRequest {
  /** The member who asked. */
  userId: string;
  /** Confirm (the request becomes a follow) or Delete. */
  accept: boolean;
}

const isRequestFrom = (userId: string) => (notification: Notification) =>
  notification.type === "follow_request" && notification.sender?._id === userId;

/**
 * The request is answered at once, in the requests list and on its notification (which the server
 * removes either way): each keeps its row, in its place, saying so (read, with no more to answer), and
 * the counts drop. A failure puts all of it back.
 */
function answerInCache(queryClient: QueryClient, userId: string, answered: RequestAnswer): () => void {
  setCachedRequestAnswer(queryClient, userId, answered);
  const answer = (notification: Notification): ListedNotification => ({
    ...notification,
    read: true,
    answered,
  });
  keepNotificationAnswer(queryClient, isRequestFrom(userId), answer);
  const notifications = updateCachedNotifications(queryClient, isRequestFrom(userId), answer);
  addToFollowRequestsCount(queryClient, -1);
  if (notifications.unreadGone > 0)
    setUnreadCount(queryClient, getUnreadCount(queryClient) - notifications.unreadGone);
  return () => {
    setCachedRequestAnswer(queryClient, userId, undefined);
    keepNotificationAnswer(queryClient, isRequestFrom(userId), null);
    notifications.restore();
    addToFollowRequestsCount(queryClient, 1);
    if (notifications.unreadGone > 0)
      setUnreadCount(queryClient, getUnreadCount(queryClient) + notifications.unreadGone);
  };
}

/** The member's own follower count after a confirmed request, in their account and profile page. */
function applyMyFollowersCount(queryClient: QueryClient, followersCount: number): void {
  const me = queryClient.getQueryData<User>(userKeys.me());
  queryClient.setQueriesData<User>({ queryKey: userKeys.me() }, (cached) =>
    cached ? { ...cached, followersCount } : cached,
  );
  if (me)
    patchProfileMember(
      queryClient,
      (member) => member._id === me._id,
      (member) => ({ ...member, followersCount }),
    );
}

/** Confirm or Delete a follow request (on the requests list and inline on its notification). */
export function useAnswerFollowRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      userId,
      accept,
    }: AnswerFollowRequest): Promise<MessageResponse & { followersCount?: number }> =>
      accept ? acceptFollowRequest(userId) : declineFollowRequest(userId),
    onMutate: ({ userId, accept }) => ({
      restore: answerInCache(queryClient, userId, accept ? "confirmed" : "removed"),
    }),
    onSuccess: (result, { accept }) => {
      if (!accept) return;
      if (typeof result.followersCount === "number")
        applyMyFollowersCount(queryClient, result.followersCount);
      void queryClient.invalidateQueries({ queryKey: followKeys.all });
      // The request's notification became a read "started following you" (on top, now): read when the
      // list is next shown, not while the answered row stands in its place.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list(), refetchType: "none" });
    },
    onError: (error, { userId, accept }, context) => {
      // Withdrawn meanwhile: the request and its notification are gone either way, and say so in place.
      if (error instanceof ApiError && error.status === 404) {
        setCachedRequestAnswer(queryClient, userId, "removed");
        const removed = (notification: Notification): ListedNotification => ({
          ...notification,
          answered: "removed",
        });
        keepNotificationAnswer(queryClient, isRequestFrom(userId), removed);
        updateCachedNotifications(queryClient, isRequestFrom(userId), removed);
        return;
      }
      context?.restore();
      // Its row may have gone meanwhile (the screen was left): the list is read again when next shown.
      void queryClient.invalidateQueries({ queryKey: followRequestKeys.list(), refetchType: "none" });
      console.error("Answering the follow request failed", error);
      toast.error(
        accept
          ? "Couldn't confirm the request. Please try again."
          : "Couldn't delete the request. Please try again.",
        { toastId: "follow-request-error" },
      );
    },
  });
}

/**
 * Answered requests keep their rows (in the requests list and the notifications) while the screen they
 * are shown on is; leaving it takes them out of both, so the next visit shows what is left to answer.
 * The notifications are then read again when next shown: the server put an accepted request's
 * "started following you" in its place (taking them out made the list look freshly read).
 */
export function useAnsweredRowsUntilLeft(): void {
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      dropAnsweredRequests(queryClient);
      if (!dropAnsweredNotifications(queryClient)) return;
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list(), refetchType: "none" });
    },
    [queryClient],
  );
}
