import type { FollowRequestsPage, NotificationsPage } from "@flik/shared";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { notificationKeys } from "../../notifications/api/notification-keys";
import {
  type ListedNotification,
  type NotificationPages,
  updateCachedNotifications,
} from "../../notifications/cache/notifications-cache";
import { followRequestKeys } from "../api/follow-request-keys";
import { type ListedFollowRequest, type RequestAnswer, updateCachedRequests } from "./follow-requests-cache";

// Apart from follow-requests-cache (which the app-wide live updates bring into every page): only the
// screens that answer requests use these.

/** A row this tab answered, as shown, and where: its index in the list on the screen. */
interface Kept<Row> {
  row: Row;
  index: number;
}

interface AnsweredHere {
  /** By requester id: rows of the requests list. */
  requests: Map<string, Kept<ListedFollowRequest>>;
  /** By notification id: request notifications answered inline. */
  notifications: Map<string, Kept<ListedNotification>>;
}

/**
 * Per tab (per client): the rows answered here, until the screen they were answered on is left. Only the
 * loaded pages said `answered`, so any read of the list again (a new request's, a reconnect's catch-up, a
 * mark's stopped read) put the server's list in their place, the answered row gone and the next row's
 * Confirm under the pointer. The screens lay these over whatever the pages say.
 */
const answeredByClient = new WeakMap<QueryClient, AnsweredHere>();

function answeredOf(queryClient: QueryClient): AnsweredHere {
  let answered = answeredByClient.get(queryClient);
  if (!answered) {
    answered = { requests: new Map(), notifications: new Map() };
    answeredByClient.set(queryClient, answered);
  }
  return answered;
}

/**
 * The rows as shown: those answered here, each back at the index it had when answered (the pages may no
 * longer have it, or have it without its answer); the others fill the rest in the pages' order. A row
 * that came meanwhile (a new request, on top) so takes no answered row's place under the pointer.
 */
function layOver<Row extends { _id: string }>(rows: Row[], kept: Map<string, Kept<Row>>): Row[] {
  if (kept.size === 0) return rows;
  const shown = rows.filter((row) => !kept.has(row._id));
  for (const { row, index } of [...kept.values()].sort((a, b) => a.index - b.index))
    shown.splice(Math.min(index, shown.length), 0, row);
  return shown;
}

/** The requests list as the screen shows it: the loaded pages, with the rows answered here in place. */
export function shownRequests(
  queryClient: QueryClient,
  data: InfiniteData<FollowRequestsPage, unknown> | undefined,
): ListedFollowRequest[] {
  const loaded = data?.pages.flatMap((page): ListedFollowRequest[] => page.requests) ?? [];
  return layOver(loaded, answeredOf(queryClient).requests);
}

/** The notifications as the screen shows them: the loaded pages, with the requests answered here in place. */
export function shownNotifications(
  queryClient: QueryClient,
  data: InfiniteData<NotificationsPage, unknown> | undefined,
): ListedNotification[] {
  const loaded = data?.pages.flatMap((page): ListedNotification[] => page.notifications) ?? [];
  return layOver(loaded, answeredOf(queryClient).notifications);
}

/**
 * Keeps the shown rows that `match` as `answer` makes them, at the index they are shown at (a row kept
 * already keeps its own); with `answer` null, forgets them.
 */
function keep<Row extends { _id: string }>(
  kept: Map<string, Kept<Row>>,
  shown: Row[],
  match: (row: Row) => boolean,
  answer: ((row: Row) => Row) | null,
): void {
  shown.forEach((row, index) => {
    if (!match(row)) return;
    if (answer === null) kept.delete(row._id);
    else kept.set(row._id, { row: answer(row), index: kept.get(row._id)?.index ?? index });
  });
}

/** Marks the request of `userId` answered (or, with undefined, not) where it is in the loaded list. */
export function setCachedRequestAnswer(
  queryClient: QueryClient,
  userId: string,
  answered: RequestAnswer | undefined,
): void {
  const match = (request: ListedFollowRequest) => request._id === userId;
  // Kept first: the screen reads it as it shows the pages' change.
  const shown = shownRequests(queryClient, queryClient.getQueryData(followRequestKeys.list()));
  keep(
    answeredOf(queryClient).requests,
    shown,
    match,
    answered ? (request) => ({ ...request, answered }) : null,
  );
  updateCachedRequests(queryClient, match, (request) => ({ ...request, answered }));
}

/**
 * Keeps the shown notifications that `match` as `answer` makes them (or, with null, forgets them), where
 * they are shown, through any read of the list again until the screen is left. The caller changes the
 * loaded pages likewise.
 */
export function keepNotificationAnswer(
  queryClient: QueryClient,
  match: (notification: ListedNotification) => boolean,
  answer: ((notification: ListedNotification) => ListedNotification) | null,
): void {
  const shown = shownNotifications(queryClient, queryClient.getQueryData(notificationKeys.list()));
  keep(answeredOf(queryClient).notifications, shown, match, answer);
}

/** Takes this tab's answered requests out of the loaded list (the screen they were answered on is left). */
export function dropAnsweredRequests(queryClient: QueryClient): void {
  answeredOf(queryClient).requests.clear();
  updateCachedRequests(
    queryClient,
    (request) => request.answered !== undefined,
    () => null,
  );
}

/**
 * Takes this tab's answered request notifications out of the loaded list (the screen is left); says
 * whether there were any.
 */
export function dropAnsweredNotifications(queryClient: QueryClient): boolean {
  const { notifications } = answeredOf(queryClient);
  const kept = notifications.size > 0;
  notifications.clear();
  const answered = (notification: ListedNotification) => notification.answered !== undefined;
  const loaded = queryClient.getQueryData<NotificationPages>(notificationKeys.list());
  if (!loaded?.pages.some((page) => page.notifications.some(answered))) return kept;
  updateCachedNotifications(queryClient, answered, () => null);
  return true;
}
