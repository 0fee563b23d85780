import type { Post } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { type Ref, useCallback, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { FlicksIcon, ImageIcon, NewPostIcon } from "../../../components/icons";
import { LockIcon } from "../../../components/later-icons";
import { canObserveIntersections, useOnInView } from "../../../lib/use-in-view";
import { usePostDeletedFrom } from "../../posts/hooks/use-post-deleted-from";
import { usePostRooms } from "../../posts/hooks/use-post-rooms";
import { patchProfileMember } from "../cache/profile-cache";
import { PROFILE_TABS, type ProfileTab, postsForTab } from "../profile-tabs";
import { ProfileGridCell } from "./profile-grid-cell";
import { GridSkeleton } from "./profile-skeleton";
import { ProfileTabList, profilePanelId, profileTabId } from "./profile-tab-list";

interface ProfilePostsProps {
  posts: Post[];
  isOwner: boolean;
  /** Opens the post modal, which the profile holds (it outlives the grid when the profile locks). */
  onOpenPost: (postId: string) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => void;
}

/**
 * The tabs and the grid; more posts load as the grid scrolls into view. A cell opens the post modal
 * (held by the profile), which Back closes.
 */
export function ProfilePosts({
  posts,
  isOwner,
  onOpenPost,
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError,
  fetchNextPage,
}: ProfilePostsProps) {
  const baseId = useId();
  const [tab, setTab] = useState<ProfileTab>("posts");
  const shown = useMemo(() => postsForTab(posts, tab), [posts, tab]);
  const empty = PROFILE_TABS.find(({ id }) => id === tab)?.empty ?? "No posts yet";
  // Watching one of the member's posts puts the screen among those told when she goes private or
  // public (memberPrivacyChanged): the profile locks or opens live.
  usePostRooms(posts[0] ? [posts[0]._id] : []);
  useCountDeletedPosts(posts);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const sentinel = useRef<HTMLDivElement>(null);
  useOnInView(sentinel, loadMore, { enabled: hasNextPage && !isFetchNextPageError });

  return (
    <section aria-label="Posts and fliks">
      <ProfileTabList baseId={baseId} selected={tab} onSelect={setTab} />
      <div
        id={profilePanelId(baseId)}
        role="tabpanel"
        aria-labelledby={profileTabId(baseId, tab)}
        className="-mx-4 sm:mx-0"
      >
        {shown.length === 0 && !hasNextPage ? (
          <EmptyTab text={empty} tab={tab} isOwner={isOwner} />
        ) : (
          <ul className="grid grid-cols-2 gap-0.5 sm:grid-cols-3 sm:gap-1 lg:grid-cols-4">
            {shown.map((post) => (
              <li key={post._id}>
                <ProfileGridCell post={post} onOpen={() => onOpenPost(post._id)} />
              </li>
            ))}
          </ul>
        )}
        <div ref={sentinel}>
          {isFetchingNextPage ? (
            <GridSkeleton className="mt-0.5 sm:mt-1" />
          ) : isFetchNextPageError ? (
            <div role="alert" className="flex flex-col items-center gap-3 py-8 text-sm text-zinc-600">
              Something went wrong loading posts.
              <button type="button" onClick={fetchNextPage} className={buttonStyles.secondary}>
                Try again
              </button>
            </div>
          ) : (
            hasNextPage &&
            !canObserveIntersections && (
              <button type="button" onClick={loadMore} className={`${buttonStyles.secondary} mt-4 w-full`}>
                Load more posts
              </button>
            )
          )}
        </div>
      </div>
    </section>
  );
}

/** A post of the grid deleted live by its author: the profile's count goes down with it. */
function useCountDeletedPosts(posts: Post[]) {
  const queryClient = useQueryClient();
  usePostDeletedFrom(posts, (post) =>
    patchProfileMember(
      queryClient,
      (member) => member._id === post.user._id,
      (member) => ({ ...member, postsCount: Math.max(0, member.postsCount - 1) }),
    ),
  );
}

function EmptyTab({ text, tab, isOwner }: { text: string; tab: ProfileTab; isOwner: boolean }) {
  const Icon = tab === "fliks" ? FlicksIcon : ImageIcon;
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-full border-2 border-zinc-900 text-zinc-900">
        <Icon className="size-8" />
      </span>
      <p className="mt-4 text-xl font-bold tracking-tight text-zinc-900">{text}</p>
      {isOwner && tab !== "tags" && (
        <Link to="/post/new" className={`${buttonStyles.primary} mt-6`}>
          <NewPostIcon className="size-5" />
          {tab === "fliks" ? "Share a flik" : "Share your first post"}
        </Link>
      )}
    </div>
  );
}

/**
 * A private member the viewer does not follow (or whose answer to a request is pending) shows this
 * instead of the grid; the header above keeps the counts and the Follow or Requested button. It takes
 * the focus that went with the grid (the profile says when).
 */
export function PrivateAccount({ ref }: { ref?: Ref<HTMLElement> }) {
  const titleId = useId();
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="flex flex-col items-center border-t border-zinc-200 px-6 py-12 text-center outline-none sm:py-16"
    >
      <span className="flex size-16 items-center justify-center rounded-full border-2 border-zinc-900 text-zinc-900 sm:size-20">
        <LockIcon className="size-8 sm:size-10" />
      </span>
      <h2 id={titleId} className="mt-4 text-base font-semibold tracking-tight text-zinc-900 sm:text-xl">
        This account is private
      </h2>
      <p className="mt-1.5 max-w-sm text-sm text-balance text-zinc-600">
        Follow this account to see their photos and videos.
      </p>
    </section>
  );
}
