import type { MessageResponse, User } from "@flik/shared";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { userKeys } from "../../auth/api/user-keys";
import { followKeys } from "../../follows/api/follow-keys";
import { notificationKeys } from "../../notifications/api/notification-keys";
import {
  getUnreadCount,
  setUnreadCount,
  updateCachedNotifications,
} from "../../notifications/cache/notifications-cache";
import { patchProfileMember } from "../../profile/cache/profile-cache";
import { acceptFollowRequest, declineFollowRequest } from "../api/follow-requests.api";
import { addToFollowRequestsCount, removeCachedRequest } from "../cache/follow-requests-cache";

export interface AnswerFollowRequest {
  /** The member who asked. */
  userId: string;
  /** Confirm (the request becomes a follow) or Delete. */
  accept: boolean;
}

/**
 * The request leaves the requests list and the notifications at once (the server removes its
 * notification either way) and the counts drop; a failure puts all of it back.
 */
function answerInCache(queryClient: QueryClient, userId: string): () => void {
  const restoreRequest = removeCachedRequest(queryClient, userId);
  const notifications = updateCachedNotifications(
    queryClient,
    (notification) => notification.type === "follow_request" && notification.sender?._id === userId,
    () => null,
  );
  addToFollowRequestsCount(queryClient, -1);
  if (notifications.removedUnread > 0)
    setUnreadCount(queryClient, getUnreadCount(queryClient) - notifications.removedUnread);
  return () => {
    restoreRequest();
    notifications.restore();
    addToFollowRequestsCount(queryClient, 1);
    if (notifications.removedUnread > 0)
      setUnreadCount(queryClient, getUnreadCount(queryClient) + notifications.removedUnread);
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
    onMutate: ({ userId }) => ({ restore: answerInCache(queryClient, userId) }),
    onSuccess: (result, { accept }) => {
      if (!accept) return;
      if (typeof result.followersCount === "number")
        applyMyFollowersCount(queryClient, result.followersCount);
      void queryClient.invalidateQueries({ queryKey: followKeys.all });
      // The request's notification became a read "started following you", here too without the socket.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    },
    onError: (error, { userId, accept }, context) => {
      context?.restore();
      // Withdrawn meanwhile: the request and its notification are gone either way.
      if (error instanceof ApiError && error.status === 404) {
        answerInCache(queryClient, userId);
        return;
      }
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
