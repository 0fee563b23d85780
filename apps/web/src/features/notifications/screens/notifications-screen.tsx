import type { Notification } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { CheckAllIcon } from "../../../components/later-icons";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { canObserveIntersections, useOnInView } from "../../../lib/use-in-view";
import { useNow } from "../../../lib/use-minute";
import { useCurrentUserQuery } from "../../auth/api/user.queries";
import { userKeys } from "../../auth/api/user-keys";
import { shownNotifications } from "../../follow-requests/cache/answered-requests";
import { FollowRequestsEntry } from "../../follow-requests/components/follow-requests-entry";
import {
  useAnsweredRowsUntilLeft,
  useAnswerFollowRequest,
} from "../../follow-requests/hooks/use-answer-follow-request";
import { useNotificationsQuery } from "../api/notifications.queries";
import { NotificationSections } from "../components/notification-sections";
import {
  NotificationsEmpty,
  NotificationsError,
  NotificationsLoading,
  NotificationsSkeleton,
} from "../components/notification-states";
import { useMarkAllRead } from "../hooks/use-mark-all-read";
import { useMarkNotification } from "../hooks/use-mark-notification";
import { useNotificationsUnreadCount } from "../hooks/use-notifications-unread";

const markAllClass =
  "-mr-2 ml-auto inline-flex shrink-0 items-center gap-1.5 rounded-xl px-3 py-2 text-sm font-semibold whitespace-nowrap";
const markAllContent = (
  <>
    <CheckAllIcon className="size-4" />
    Mark all as read
  </>
);

/** How recent a read of the account a visit takes for its follow request count. */
const ACCOUNT_FRESH_FOR_VISIT_MS = 5_000;

/** /notifications: what others did with the member and their posts, live, grouped by day (spec §2). */
export function NotificationsScreen() {
  useDocumentTitle("Notifications");
  const now = useNow();
  const query = useNotificationsQuery();
  const unreadCount = useNotificationsUnreadCount();
  const markOne = useMarkNotification();
  const markAll = useMarkAllRead();
  const queryClient = useQueryClient();
  const requestsCount = useCurrentUserQuery(true).data?.followRequestsCount ?? 0;
  const { mutate: answerRequest } = useAnswerFollowRequest();
  useAnsweredRowsUntilLeft();
  // No event tells of a request withdrawn meanwhile: the count is asked afresh on every visit, unless
  // the account is being read, or was a moment ago (a page opened here: the session check is that read).
  useEffect(() => {
    const account = queryClient.getQueryState(userKeys.me());
    const readJustNow = account && Date.now() - account.dataUpdatedAt < ACCOUNT_FRESH_FOR_VISIT_MS;
    if (account?.fetchStatus === "fetching" || readJustNow) return;
    void queryClient.invalidateQueries({ queryKey: userKeys.me(), exact: true });
  }, [queryClient]);
  // Requests answered here stay in their places, saying so, through any read of the list again (a
  // reconnect's catch-up, a mark's stopped read) until the screen is left.
  const notifications = useMemo(() => shownNotifications(queryClient, query.data), [queryClient, query.data]);

  // Spec §8: notification fetch errors are only logged (the screen still offers a retry).
  useEffect(() => {
    if (query.error) console.error("Failed to load notifications", query.error);
  }, [query.error]);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const sentinel = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useOnInView(sentinel, loadMore, { enabled: hasNextPage && !isFetchNextPageError });

  const { mutate: mark } = markOne;
  const open = useCallback(
    (notification: Notification) => {
      if (!notification.read) mark({ id: notification._id, read: true });
    },
    [mark],
  );
  const toggleRead = useCallback(
    (notification: Notification) => mark({ id: notification._id, read: !notification.read }),
    [mark],
  );
  const answer = useCallback(
    (notification: Notification, accept: boolean) => {
      if (notification.sender) answerRequest({ userId: notification.sender._id, accept });
    },
    [answerRequest],
  );
  const anyUnread = unreadCount > 0 || notifications.some((notification) => !notification.read);

  return (
    <div className="mx-auto w-full max-w-[600px]">
      {/* On a narrow phone (320px) the action goes under the title, at the end, rather than off the side. */}
      <div className="mb-5 flex min-h-10 flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h1
          ref={heading}
          tabIndex={-1}
          className="rounded-md text-xl font-bold tracking-tight text-zinc-900 sm:text-2xl"
        >
          Notifications
        </h1>
        {notifications.length > 0 ? (
          <button
            type="button"
            onClick={() => {
              markAll.mutate();
              // The button is disabled at once (nothing left unread): the focus stays on this screen.
              heading.current?.focus();
            }}
            disabled={!anyUnread}
            className={`${markAllClass} text-fuchsia-700 transition hover:bg-fuchsia-50 disabled:cursor-not-allowed disabled:text-zinc-400 disabled:hover:bg-transparent`}
          >
            {markAllContent}
          </button>
        ) : (
          // While the list loads, its room is kept, so that where the action goes under the title (a
          // narrow phone) the list does not drop a line when it comes.
          query.isPending && (
            <span aria-hidden="true" data-mark-all-placeholder="" className={`${markAllClass} invisible`}>
              {markAllContent}
            </span>
          )
        )}
      </div>

      {/* Kept while a request answered here keeps its row: gone, it would move every row under the pointer. */}
      <FollowRequestsEntry
        count={requestsCount}
        keep={notifications.some((notification) => notification.answered !== undefined)}
      />

      {query.isPending ? (
        <NotificationsSkeleton />
      ) : query.isError && notifications.length === 0 ? (
        <NotificationsError onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : notifications.length === 0 ? (
        <NotificationsEmpty />
      ) : (
        <>
          <NotificationSections
            notifications={notifications}
            now={now}
            onOpen={open}
            onToggleRead={toggleRead}
            onAnswerRequest={answer}
            loadingRows={isFetchingNextPage ? 2 : 0}
          />
          <div ref={sentinel} className="mt-4">
            {isFetchingNextPage ? (
              <NotificationsLoading />
            ) : isFetchNextPageError ? (
              <NotificationsError onRetry={() => fetchNextPage()} retrying={false} olderOnly />
            ) : (
              hasNextPage &&
              !canObserveIntersections && (
                <button type="button" onClick={loadMore} className={`${buttonStyles.secondary} w-full`}>
                  Load more notifications
                </button>
              )
            )}
          </div>
        </>
      )}
    </div>
  );
}
