import type { FollowListMember } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import {
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Link } from "react-router";
import { Avatar } from "../../../components/avatar";
import { buttonStyles } from "../../../components/button-styles";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Dialog } from "../../../components/dialog";
import { ApiError } from "../../../lib/api-client";
import { profilePath } from "../../../lib/paths";
import { getUserId } from "../../../lib/storage";
import { focusIsLost } from "../../../lib/use-focus-when-closed";
import { canObserveIntersections, useOnInView } from "../../../lib/use-in-view";
import { profileKeys } from "../../profile/api/profile-keys";
import type { FollowListKind } from "../api/follow-keys";
import { useFollowListQuery } from "../api/follows.queries";
import { useFollow } from "../hooks/use-follow";
import { useRemoveFollower } from "../hooks/use-remove-follower";
import { FollowButton } from "./follow-button";

const TITLES: Record<FollowListKind, string> = { followers: "Followers", following: "Following" };
const EMPTY: Record<FollowListKind, string> = {
  followers: "No followers yet",
  following: "No following yet",
};

interface FollowListDialogProps {
  kind: FollowListKind;
  userId: string;
  onClose: () => void;
}

/**
 * Spec §2: the followers or following of a member; a person opens their profile. Paged as it scrolls.
 * On the member's own followers, each row offers Remove (Instagram's Remove follower) in place of Follow.
 */
export function FollowListDialog({ kind, userId, onClose }: FollowListDialogProps) {
  const query = useFollowListQuery(kind, userId);
  const members = useMemo(() => query.data?.pages.flatMap((page) => page.members) ?? [], [query.data]);
  const viewerId = getUserId();
  const ownFollowers = kind === "followers" && userId === viewerId;
  const removal = useFollowerRemoval(members);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const sentinel = useRef<HTMLDivElement>(null);
  useOnInView(sentinel, loadMore, { enabled: hasNextPage && !isFetchNextPageError, rootMargin: "200px 0px" });

  useProfileReadAgainWhenRefused(query.error);

  const refusal = listRefusalOf(query.error);
  let body: ReactNode;
  if (query.isPending) {
    body = <Loading />;
  } else if (query.isError && (members.length === 0 || refusal)) {
    // A refusal met while paging (the member went private, or blocked the viewer, since the list opened)
    // takes the rows away too: spec §10 shows a private member's lists to their followers only, and a
    // stranger's screens drop what they showed of her. Said as the server says it, with nothing to retry.
    body = (
      <ListFailed
        message={refusal ?? `Couldn't load the ${kind === "followers" ? "followers" : "following"} list.`}
        onRetry={refusal ? null : () => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (members.length === 0) {
    body = <p className="py-10 text-center text-sm font-medium text-zinc-500">{EMPTY[kind]}</p>;
  } else {
    body = (
      <>
        <ul ref={removal.listRef} aria-label={TITLES[kind]} className="-mx-2">
          {members.map((member) => (
            <FollowListRow
              key={member._id}
              member={member}
              action={member._id === viewerId ? "none" : ownFollowers ? "remove" : "follow"}
              onRemove={removal.ask}
            />
          ))}
        </ul>
        <div ref={sentinel}>
          {isFetchingNextPage ? (
            <p role="status" className="py-4 text-center text-sm text-zinc-500">
              Loading...
            </p>
          ) : isFetchNextPageError ? (
            // The network or the server failed (a refusal took the list's place above): worth a try again.
            <div role="alert" className="mt-2 space-y-2 text-center text-sm text-zinc-600">
              <p>Couldn't load more.</p>
              <button
                type="button"
                onClick={() => fetchNextPage()}
                className={`${buttonStyles.secondary} w-full`}
              >
                Try again
              </button>
            </div>
          ) : (
            hasNextPage &&
            !canObserveIntersections && (
              <button type="button" onClick={loadMore} className={`${buttonStyles.secondary} mt-2 w-full`}>
                Load more
              </button>
            )
          )}
        </div>
      </>
    );
  }

  return (
    <Dialog title={TITLES[kind]} size="sm" onClose={onClose} bodyClassName="px-5 pb-5 min-h-64">
      {body}
      {removal.asking && (
        <ConfirmDialog
          title="Remove follower?"
          confirmLabel="Remove"
          onConfirm={removal.confirm}
          onCancel={removal.cancel}
        >
          <p>Flik won't tell @{removal.asking.username} they were removed from your followers.</p>
        </ConfirmDialog>
      )}
    </Dialog>
  );
}

/**
 * A 404 for the list: its member is gone from the viewer's sight since their profile was read (they
 * blocked the viewer, or left Flik). The profile behind the list is asked again, so the whole screen
 * says they are not found (and closes the list) rather than the list alone, over their posts and counts.
 * A 403 likewise: they went private since (a page met it before the live word did), and the profile,
 * read again, shows the lock and closes the list, as it does when told live.
 */
function useProfileReadAgainWhenRefused(error: unknown) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403))
      void queryClient.invalidateQueries({ queryKey: profileKeys.pages() });
  }, [error, queryClient]);
}

/**
 * What the server said refusing the list (4xx: private, gone, a block), which no retry changes; null for
 * a failure worth trying again (the network, the server, a 429's "too many, wait").
 */
function listRefusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status >= 500 || error.status === 429) return null;
  return (
    error.serverMessage || (error.status === 403 ? "This account is private" : "This list isn't available.")
  );
}

/** The list could not be shown; Try again unless the server refused it. */
function ListFailed(props: { message: string; onRetry: (() => void) | null; retrying: boolean }) {
  const { message, onRetry, retrying } = props;
  const alert = useRef<HTMLDivElement>(null);
  // Taking the rows' place under the focus (Load more, a row's button): the dialog's Close keeps it.
  useLayoutEffect(() => {
    if (focusIsLost())
      alert.current
        ?.closest('[role="dialog"]')
        ?.querySelector<HTMLElement>('button[aria-label="Close"]')
        ?.focus();
  }, []);
  return (
    <div
      ref={alert}
      role="alert"
      className="flex flex-col items-center gap-4 py-10 text-center text-sm text-zinc-600"
    >
      {message}
      {onRetry && (
        <button type="button" onClick={onRetry} disabled={retrying} className={buttonStyles.secondary}>
          {retrying ? "Retrying..." : "Try again"}
        </button>
      )}
    </div>
  );
}

/**
 * Remove follower, asked first. The row goes at once; the keyboard goes on from the next row's Remove
 * (or the one before, or the list's dialog) rather than falling out of the dialog with the row.
 */
function useFollowerRemoval(members: FollowListMember[]) {
  const [asking, setAsking] = useState<FollowListMember | null>(null);
  const remove = useRemoveFollower();
  const listRef = useRef<HTMLUListElement>(null);
  // Where the focus goes once the removed row has gone: found when the removal is confirmed.
  const focusNext = useRef<(() => HTMLElement | null | undefined) | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list changes, the removed row gone
  useLayoutEffect(() => {
    if (focusNext.current === null || !focusIsLost()) return;
    focusNext.current()?.focus();
    focusNext.current = null;
  }, [members]);
  return {
    listRef,
    asking,
    ask: setAsking,
    cancel: () => setAsking(null),
    confirm: () => {
      if (!asking) return;
      const at = members.findIndex((member) => member._id === asking._id);
      const neighbour = (members[at + 1] ?? members[at - 1])?._id;
      const dialog = listRef.current?.closest<HTMLElement>('[role="dialog"]');
      focusNext.current = () =>
        (neighbour && listRef.current?.querySelector<HTMLElement>(`[data-remove-follower="${neighbour}"]`)) ||
        dialog?.querySelector<HTMLElement>('button[aria-label="Close"]');
      remove.mutate(asking._id);
      setAsking(null);
    },
  };
}

interface FollowListRowProps {
  member: FollowListMember;
  action: "follow" | "remove" | "none";
  onRemove: (member: FollowListMember) => void;
}

/** One person of the list; memoised, so a page of more people leaves the rows already shown alone. */
const FollowListRow = memo(function FollowListRow({ member, action, onRemove }: FollowListRowProps) {
  return (
    <li className="flex items-center gap-2">
      <MemberRow member={member} />
      {action === "remove" && (
        <button
          type="button"
          data-remove-follower={member._id}
          aria-label={`Remove ${member.username}`}
          onClick={() => onRemove(member)}
          className={`${buttonStyles.secondary} mr-2 shrink-0 rounded-lg px-3 py-1.5`}
        >
          Remove
        </button>
      )}
      {action === "follow" && <MemberFollowButton member={member} />}
    </li>
  );
});

/**
 * Their profile is a new history entry, which the list's is not part of: the list closes by itself, and
 * Back opens it again, as on Instagram. (Closing it here too would go Back over its entry at once.)
 */
function MemberRow({ member }: { member: FollowListMember }) {
  return (
    <Link
      to={profilePath(member.username)}
      className="flex min-w-0 flex-1 items-center gap-3 rounded-xl px-2 py-2 transition hover:bg-zinc-50"
    >
      <Avatar src={member.avatar} name={member.username} className="size-11 text-base ring-0" />
      <span className="min-w-0 leading-tight">
        <span className="block truncate text-sm font-semibold text-zinc-900">{member.username}</span>{" "}
        <span className="block truncate text-sm text-zinc-500">{member.fullName || "Unnamed User"}</span>
      </span>
    </Link>
  );
}

/** Follow, Requested or Following for a member of the list; the viewer's own row has none. */
function MemberFollowButton({ member }: { member: FollowListMember }) {
  const follow = useFollow(
    member._id,
    { isFollowed: member.isFollowed, isRequested: !!member.isRequested, followersCount: 0 },
    member.isPrivate,
  );
  return (
    <FollowButton
      status={follow.status}
      username={member.username}
      isPrivate={follow.isPrivate}
      onToggle={follow.toggle}
      className="mr-2 min-w-[6.5rem] shrink-0 rounded-lg px-3 py-1.5"
    />
  );
}

function Loading() {
  return (
    <div>
      <p role="status" className="pb-3 text-sm font-medium text-zinc-500">
        Loading...
      </p>
      <div aria-hidden="true" className="space-y-3">
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
          <div key={index} className="flex items-center gap-3">
            <div className="size-11 animate-pulse rounded-full bg-zinc-200/80 motion-reduce:animate-none" />
            <div className="flex-1 space-y-2">
              <div className="h-3 w-28 animate-pulse rounded-md bg-zinc-200/80 motion-reduce:animate-none" />
              <div className="h-3 w-40 animate-pulse rounded-md bg-zinc-200/80 motion-reduce:animate-none" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
