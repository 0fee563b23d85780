import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../components/avatar";
import { buttonStyles } from "../../../components/button-styles";
import { ArrowLeftIcon } from "../../../components/icons";
import { UserPlusIcon } from "../../../components/later-icons";
import { LoadError } from "../../../components/load-error";
import { profilePath } from "../../../lib/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { canObserveIntersections, useOnInView } from "../../../lib/use-in-view";
import { useFollowRequestsQuery } from "../api/follow-requests.queries";
import { shownRequests } from "../cache/answered-requests";
import type { ListedFollowRequest } from "../cache/follow-requests-cache";
import { FollowRequestActions } from "../components/follow-request-actions";
import { useAnsweredRowsUntilLeft, useAnswerFollowRequest } from "../hooks/use-answer-follow-request";

const card = "rounded-2xl border border-zinc-200/80 bg-white shadow-sm";
const bone = "animate-pulse bg-zinc-200/80 motion-reduce:animate-none";

/** /notifications/requests: the members who asked to follow this (private) member, with Confirm and Delete. */
export function FollowRequestsScreen() {
  useDocumentTitle("Follow requests");
  const query = useFollowRequestsQuery();
  const queryClient = useQueryClient();
  const { mutate: answer } = useAnswerFollowRequest();
  useAnsweredRowsUntilLeft();
  // The rows answered here stay in their places, saying so, through any read of the list again (a new
  // request's, a reconnect's) until the screen is left: the server's list has them no more.
  const requests = useMemo(() => shownRequests(queryClient, query.data), [queryClient, query.data]);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const sentinel = useRef<HTMLDivElement>(null);
  useOnInView(sentinel, loadMore, { enabled: hasNextPage && !isFetchNextPageError });

  return (
    <div className="mx-auto w-full max-w-[600px]">
      <div className="mb-5 flex min-h-10 items-center gap-2">
        <Link
          to="/notifications"
          aria-label="Back to notifications"
          className="-ml-2 flex size-10 shrink-0 items-center justify-center rounded-full text-zinc-700 transition hover:bg-zinc-100 hover:text-zinc-950"
        >
          <ArrowLeftIcon className="size-5" />
        </Link>
        <h1 className="text-xl font-bold tracking-tight text-zinc-900 sm:text-2xl">Follow requests</h1>
      </div>

      {query.isPending ? (
        <RequestsSkeleton />
      ) : query.isError && requests.length === 0 ? (
        <RequestsError onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : requests.length === 0 && !hasNextPage ? (
        <RequestsEmpty />
      ) : (
        <>
          {requests.length > 0 && (
            <ul aria-label="Follow requests" className={`${card} divide-y divide-zinc-100 overflow-hidden`}>
              {requests.map((request) => (
                <RequestRow
                  key={request._id}
                  request={request}
                  onAnswer={(accept) => answer({ userId: request._id, accept })}
                />
              ))}
              {/* The next page's rows load where they will show, so nothing jumps when they come. */}
              {isFetchingNextPage && <SkeletonRows rows={2} as="li" />}
            </ul>
          )}
          <div ref={sentinel} className="mt-4">
            {isFetchingNextPage ? (
              <p role="status" className="sr-only">
                Loading follow requests...
              </p>
            ) : isFetchNextPageError ? (
              <RequestsError onRetry={() => fetchNextPage()} retrying={false} />
            ) : (
              hasNextPage &&
              !canObserveIntersections && (
                <button type="button" onClick={loadMore} className={`${buttonStyles.secondary} w-full`}>
                  Load more requests
                </button>
              )
            )}
          </div>
        </>
      )}
    </div>
  );
}

function RequestRow({
  request,
  onAnswer,
}: {
  request: ListedFollowRequest;
  onAnswer: (accept: boolean) => void;
}) {
  return (
    <li className="flex items-center gap-2 py-2.5 pr-2.5 pl-3 sm:gap-3 sm:pr-3 sm:pl-4">
      <Link
        to={profilePath(request.username)}
        className="flex min-w-0 flex-1 items-center gap-2.5 rounded-xl py-1 sm:gap-3"
      >
        <Avatar
          src={request.avatar}
          name={request.username}
          loading="lazy"
          className="size-10 text-lg ring-0 sm:size-11"
        />
        <span className="min-w-0 leading-tight">
          <span className="block truncate text-sm font-semibold text-zinc-900">{request.username}</span>{" "}
          {request.fullName && (
            <span className="block truncate text-sm text-zinc-500">{request.fullName}</span>
          )}
        </span>
      </Link>
      <FollowRequestActions username={request.username} answered={request.answered} onAnswer={onAnswer} />
    </li>
  );
}

function RequestsSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading follow requests...
      </p>
      <div aria-hidden="true" className={`${card} divide-y divide-zinc-100 overflow-hidden`}>
        <SkeletonRows rows={5} as="div" />
      </div>
    </div>
  );
}

/** Placeholder rows shaped as requests: the first page's, or the next page's at the end of the list. */
function SkeletonRows({ rows, as: Row }: { rows: number; as: "li" | "div" }) {
  return Array.from({ length: rows }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
    <Row key={index} aria-hidden="true" className="flex items-center gap-3 px-3 py-3.5 sm:px-4">
      <div className={`${bone} size-11 shrink-0 rounded-full`} />
      <div className="flex-1 space-y-2">
        <div className={`${bone} h-3 w-24 rounded-md`} />
        <div className={`${bone} h-2.5 w-32 rounded-md`} />
      </div>
      <div className={`${bone} h-8 w-20 rounded-lg`} />
      <div className={`${bone} h-8 w-16 rounded-lg`} />
    </Row>
  ));
}

function RequestsEmpty() {
  return (
    <section className={`${card} flex flex-col items-center px-6 py-14 text-center`}>
      <span className="flex size-16 items-center justify-center rounded-full border-2 border-zinc-900 text-zinc-900">
        <UserPlusIcon className="size-8" />
      </span>
      <h2 className="mt-5 text-xl font-bold tracking-tight text-zinc-900">No follow requests</h2>
      <p className="mt-2 max-w-xs text-sm text-zinc-600">
        When someone asks to follow you, you'll see their request here.
      </p>
    </section>
  );
}

function RequestsError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <LoadError
      title="Couldn't load follow requests."
      onRetry={onRetry}
      retrying={retrying}
      className={card}
    />
  );
}
