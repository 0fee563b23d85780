import type { FollowRequest } from "@flik/shared";
import { Link } from "react-router";
import { Avatar } from "../../../components/avatar";
import { ChevronRightIcon, UserPlusIcon } from "../../../components/later-icons";
import { useFollowRequestsQuery } from "../api/follow-requests.queries";
import type { ListedFollowRequest } from "../cache/follow-requests-cache";

function summary(first: FollowRequest | undefined, count: number): string {
  if (!first) return "Approve or ignore requests";
  if (count <= 1) return first.username;
  const others = count - 1;
  return `${first.username} + ${others} ${others === 1 ? "other" : "others"}`;
}

/**
 * The "Follow requests" row on top of the notifications (Instagram's): who asked last, how many wait,
 * and the way to the list. Shown while some wait, or while the screen asks it to `keep` its place.
 */
export function FollowRequestsEntry({ count, keep = false }: { count: number; keep?: boolean }) {
  const query = useFollowRequestsQuery(count > 0);
  // Not those answered here, which keep their rows on the list a while; none once none wait.
  const waiting = count > 0 ? (query.data?.pages[0]?.requests ?? []) : [];
  const newest = waiting.filter((request: ListedFollowRequest) => !request.answered).slice(0, 2);
  if (count <= 0 && !keep) return null;
  return (
    <Link
      to="/notifications/requests"
      className="mb-6 flex items-center gap-3 rounded-2xl border border-zinc-200/80 bg-white py-3 pr-3 pl-3 shadow-sm transition hover:bg-zinc-50 sm:pl-4"
    >
      <span aria-hidden="true" className="relative flex size-11 shrink-0 items-center justify-center">
        {newest.length === 0 ? (
          <span className="flex size-11 items-center justify-center rounded-full bg-zinc-100 text-zinc-800">
            <UserPlusIcon className="size-6" />
          </span>
        ) : newest.length === 1 ? (
          <Avatar
            src={newest[0]?.avatar}
            name={newest[0]?.username ?? ""}
            className="size-11 text-lg ring-0"
          />
        ) : (
          <>
            <Avatar
              src={newest[1]?.avatar}
              name={newest[1]?.username ?? ""}
              className="absolute top-0 right-0 size-8 text-sm ring-0"
            />
            <Avatar
              src={newest[0]?.avatar}
              name={newest[0]?.username ?? ""}
              className="absolute bottom-0 left-0 size-8 text-sm ring-2"
            />
          </>
        )}
      </span>
      <span className="min-w-0 flex-1 leading-tight">
        <span className="block text-sm font-semibold text-zinc-900">Follow requests</span>{" "}
        <span className="mt-0.5 block truncate text-sm text-zinc-500">{summary(newest[0], count)}</span>
      </span>{" "}
      {count > 0 && (
        <span className="bg-brand inline-flex h-6 min-w-6 shrink-0 items-center justify-center rounded-full px-2 text-xs font-semibold text-white tabular-nums">
          {count > 99 ? "99+" : count} <span className="sr-only">waiting</span>
        </span>
      )}
      <ChevronRightIcon className="size-5 shrink-0 text-zinc-400" />
    </Link>
  );
}
