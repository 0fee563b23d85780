import { isChatSearchable, type UserSearchResult } from "@flik/shared";
import { type MouseEvent, useEffect, useRef } from "react";
import { Avatar } from "../../../components/avatar";
import { Spinner } from "../../../components/spinner";
import { retryAdvice } from "../../../lib/query-retry";
import { useUserSearchQuery } from "../api/chats.queries";

interface UserResultsProps {
  /** The debounced search text; blank shows nothing. */
  query: string;
  viewerId: string;
  onPick: (user: UserSearchResult) => void;
  /** When given, results are toggles (the group member picker). */
  selectedIds?: ReadonlySet<string>;
  disabled?: boolean;
  /** The search box the results are of: Try again hands the focus back to it, as the button goes. */
  searchBoxId: string;
}

/**
 * Members found by the chat search (GET /user/search), the viewer left out, a page at a time: "Show more
 * people" after the last brings the next page.
 */
export function UserResults({
  query,
  viewerId,
  onPick,
  selectedIds,
  disabled = false,
  searchBoxId,
}: UserResultsProps) {
  const search = useUserSearchQuery(query);
  const users = (search.data?.pages ?? [])
    .flatMap((page) => page.users)
    .filter((user) => user._id !== viewerId);
  const listRef = useRef<HTMLUListElement>(null);
  // Show more's focus goes to the first member the page brought, where reading goes on (the button goes
  // with the last page); a page that fails leaves it on the button, to try again. Only for that text's.
  const focusFrom = useRef<{ query: string; index: number } | null>(null);
  const shown = users.length;
  useEffect(() => {
    const from = focusFrom.current;
    if (!from || from.query !== query || shown <= from.index) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll("button")[from.index]?.focus();
  }, [shown, query]);
  const showMore = (event: MouseEvent<HTMLButtonElement>) => {
    if (search.isFetchingNextPage) return;
    focusFrom.current = document.activeElement === event.currentTarget ? { query, index: shown } : null;
    void search.fetchNextPage();
  };

  // Cut back to nothing to search ("@" alone): the last text's members are not this one's.
  if (!isChatSearchable(query)) return null;
  if (search.isPending && search.fetchStatus === "fetching") {
    return (
      <p role="status" className="flex items-center gap-2 px-3 py-3 text-sm text-zinc-500">
        <Spinner className="size-4 border-2" /> Searching...
      </p>
    );
  }
  if (search.isLoadingError) {
    return (
      <p role="alert" className="px-3 py-3 text-sm text-red-600">
        Couldn't search right now. {retryAdvice(search.error)}{" "}
        <button
          type="button"
          onClick={() => {
            // The button goes with the failure ("Searching..." takes its place): the focus goes back to
            // the box, where the next answer (or failure) is read beside it.
            document.getElementById(searchBoxId)?.focus();
            void search.refetch();
          }}
          className="font-semibold underline"
        >
          Try again
        </button>
      </p>
    );
  }
  if (search.isSuccess && users.length === 0) {
    return <p className="px-3 py-3 text-sm text-zinc-500">No results found</p>;
  }
  return (
    <>
      <ul ref={listRef} className="space-y-0.5">
        {users.map((user) => {
          const picked = selectedIds?.has(user._id);
          return (
            <li key={user._id}>
              <button
                type="button"
                disabled={disabled}
                aria-pressed={selectedIds ? picked : undefined}
                onClick={() => onPick(user)}
                // The ring inside: the results scroll in a box that would cut one drawn outside.
                className={`flex w-full items-center gap-3 rounded-2xl px-3 py-2 text-left transition focus-visible:-outline-offset-2 disabled:opacity-60 ${
                  picked ? "bg-fuchsia-50" : "hover:bg-zinc-50"
                }`}
              >
                <Avatar src={user.avatar} name={user.username} className="size-10 text-base ring-0" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold text-zinc-900">{user.username}</span>
                  {user.fullName && (
                    <span className="block truncate text-sm text-zinc-500">{user.fullName}</span>
                  )}
                </span>
                {selectedIds && (
                  <span
                    aria-hidden="true"
                    className={`flex size-5 shrink-0 items-center justify-center rounded-full border-2 text-[11px] font-bold ${
                      picked ? "bg-brand border-transparent text-white" : "border-zinc-300"
                    }`}
                  >
                    {picked ? "✓" : ""}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {search.hasNextPage && (
        <div className="px-3 pt-1">
          <button
            type="button"
            onClick={showMore}
            // Not `disabled` while loading: a disabled button would drop the keyboard's focus.
            aria-disabled={search.isFetchingNextPage}
            aria-busy={search.isFetchingNextPage}
            className="w-full rounded-xl px-3 py-2 text-sm font-semibold text-fuchsia-700 transition hover:bg-fuchsia-50 focus-visible:-outline-offset-2 aria-disabled:opacity-60"
          >
            {search.isFetchingNextPage ? "Loading..." : "Show more people"}
          </button>
          {search.isFetchNextPageError && (
            <p role="alert" className="pt-1 text-center text-sm text-red-600">
              Couldn't load more people. Try again.
            </p>
          )}
        </div>
      )}
    </>
  );
}
