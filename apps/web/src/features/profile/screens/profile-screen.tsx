import {
  type BlockedUser,
  canSeeContentOf,
  isFlikUrl,
  isPossibleUsername,
  type PublicProfile,
  USERNAME_MAX_LENGTH,
} from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { type Ref, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { UserIcon } from "../../../components/icons";
import { ScreenLoadFailed } from "../../../components/load-error";
import { echoedName } from "../../../lib/echoed-name";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { focusIsLost, useFocusWhenClosed } from "../../../lib/use-focus-when-closed";
import { type ModalHistory, useModalHistory } from "../../../lib/use-modal-history";
import { useCurrentUserQuery } from "../../auth/api/user.queries";
import { blockedByMe } from "../../blocks/blocked";
import { YouBlockedNotice } from "../../blocks/components/you-blocked-notice";
import type { FollowListKind } from "../../follows/api/follow-keys";
import { removeFollowListsOf } from "../../follows/cache/remove-follow-lists";
import { FollowListDialog } from "../../follows/components/follow-list-dialog";
import { HighlightsStrip } from "../../highlights/components/highlights-strip";
import { isCursorRefused, isMemberNotFound, useProfileQuery } from "../api/profile.queries";
import { PostModal } from "../components/post-modal";
import { ProfileHeader } from "../components/profile-header";
import { PrivateAccount, ProfilePosts } from "../components/profile-posts";
import { ProfileSkeleton } from "../components/profile-skeleton";
import { useWatchProfile } from "../hooks/use-watch-profile";

/** /profile (the member's own) and /profile/{username} (anyone's, the viewer's own included). */
export function ProfileScreen() {
  const { username: param } = useParams();
  const me = useCurrentUserQuery(true).data;
  const username = param ?? me?.username ?? "";
  // A new member starts a fresh screen: tab, edit mode and open dialogs belong to the one before.
  return <ProfileView key={username.toLowerCase()} username={username} />;
}

function ProfileView({ username }: { username: string }) {
  const me = useCurrentUserQuery(true).data;
  const query = useProfileQuery(username);
  const first = query.data?.pages[0];
  const member = first?.user;
  useDocumentTitle(member ? `@${member.username}` : "Profile");
  const posts = useMemo(() => query.data?.pages.flatMap((page) => page.posts) ?? [], [query.data]);
  useWatchProfile(member && !first?.isMyProfile ? member._id : null);
  const listModal = useModalHistory<FollowListKind>("follow-list");
  // Held here, over the grid and the lock alike: a post being read does not vanish when its owner goes
  // private (live) and the lock takes the grid's place, as on Instagram. It stays until the member closes
  // it or an action finds it gone ("This post isn't available."). Were it to go with the grid, its history
  // entry would stay behind: Escape and Back would close nothing, and it would open again by itself
  // when the profile unlocks.
  const postModal = useModalHistory<string>("post");
  // A member the viewer blocked: the server answers as for nobody, but the viewer may unblock them here.
  const blocked = blockedByMe(me, { id: member?._id, username });
  const view = useRef<HTMLDivElement>(null);
  // Unblocked here: the Unblock button went away with the focus, which goes to Follow once it shows.
  const [unblocking, setUnblocking] = useState(false);
  const shown = !blocked && !!member;
  useEffect(() => {
    if (!unblocking || !shown) return;
    setUnblocking(false);
    if (focusIsLost()) view.current?.querySelector<HTMLElement>("button[data-follow-status]")?.focus();
  }, [unblocking, shown]);
  // The grid gone under the focus (the lock took its place once a post was found gone, or a cell's post
  // modal closed over the lock): the lock, which says why, takes it rather than the page. Not on a first
  // visit, which shows the lock with the focus where the visit put it.
  const lock = useRef<HTMLElement>(null);
  const gridShown = shown && !isLocked(member, !!first?.isMyProfile, posts.length);
  useFocusWhenClosed(gridShown || postModal.shown !== null, () => lock.current);

  // An address no username could be (/profile/me, the API's own-account route; letters or a length no
  // name has) names no one: said at once, the server never asked (useProfileQuery).
  const notFound =
    (username !== "" && !isPossibleUsername(username)) ||
    (query.isError && isMemberNotFound(query.error, query.isFetchNextPageError));
  // The member gone from the viewer's sight (blocked either way, or not found): a post of theirs open here
  // closes with its history entry, or Back would close nothing and an unblock would open it again by
  // itself. So does a list of their follows (its read found them gone, and had the profile read again).
  const gone = !!blocked || notFound;
  const { shown: postShown, close: closePost } = postModal;
  const { shown: listShown, close: closeList } = listModal;
  useEffect(() => {
    if (gone && postShown !== null) closePost();
    if (gone && listShown !== null) closeList();
  }, [gone, postShown, closePost, listShown, closeList]);
  const lockedNow = shown && !gridShown;
  useFollowListsGoWithLock(lockedNow, member?._id, listModal);
  // The profile gone from under the focus (a list's or a post's control, Follow): "Member not found",
  // which says why, takes it rather than the page. Not on a first visit, where the focus stays put.
  const notFoundNotice = useRef<HTMLElement>(null);
  useFocusWhenClosed(shown && !notFound, () => notFoundNotice.current);
  // A post open when the lock came stays (above); one reached after it (Forward, to its entry) is no
  // longer the viewer's to see, from the cache or otherwise: its entry closes.
  const heldOverLock = useRef<{ locked: boolean; postId: string | null }>({ locked: false, postId: null });
  useEffect(() => {
    const held = heldOverLock.current;
    if (!lockedNow) held.postId = null;
    else if (!held.locked || postShown === null) held.postId = postShown;
    else if (postShown !== held.postId) closePost();
    held.locked = lockedNow;
  }, [lockedNow, postShown, closePost]);

  if (blocked) return <BlockedMember member={blocked} onUnblock={() => setUnblocking(true)} />;
  // Gone since it was shown (blocked by them, renamed, deleted): what the server says now wins.
  if (notFound) return <MemberNotFound ref={notFoundNotice} username={username} />;
  if (!member) {
    if (!query.isError) return <ProfileSkeleton />;
    return (
      <ProfileLoadFailed error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
    );
  }

  const isOwner = !!first?.isMyProfile;
  const locked = isLocked(member, isOwner, posts.length);
  return (
    <div ref={view} className="mx-auto w-full max-w-[935px] space-y-6 sm:space-y-10">
      <ProfileHeader
        member={member}
        isOwner={isOwner}
        includesFliks={posts.some((post) => isFlikUrl(post.image))}
        onOpenList={locked ? null : listModal.open}
      />
      {!locked && <HighlightsStrip username={member.username} isOwner={isOwner} />}
      {locked ? (
        <PrivateAccount ref={lock} />
      ) : (
        <ProfilePosts
          posts={posts}
          onOpenPost={postModal.open}
          isOwner={isOwner}
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          isFetchNextPageError={query.isFetchNextPageError}
          fetchNextPage={() => void (isCursorRefused(query.error) ? query.refetch() : query.fetchNextPage())}
        />
      )}
      {postModal.shown && <PostModal postId={postModal.shown} onClose={postModal.close} />}
      {listModal.shown && !locked && (
        <FollowListDialog kind={listModal.shown} userId={member._id} onClose={listModal.close} />
      )}
    </div>
  );
}

/**
 * A profile that locks (the member went private, live, or a read found her so) closes a list of her
 * follows open over it and lets go of the pages read: they are her followers' alone to see now (spec
 * §10), as the counts, no longer buttons, say. Never drawn over the lock, the list asks for no page
 * meanwhile. A follower's view does not lock, and keeps its list.
 */
function useFollowListsGoWithLock(
  locked: boolean,
  memberId: string | undefined,
  list: ModalHistory<FollowListKind>,
) {
  const queryClient = useQueryClient();
  const { shown, close } = list;
  useEffect(() => {
    if (!locked) return;
    if (shown !== null) close();
    if (memberId) removeFollowListsOf(queryClient, memberId);
  }, [locked, memberId, shown, close, queryClient]);
}

/** The server sends no posts of a private member to a viewer who does not follow them. */
function isLocked(member: PublicProfile, isOwner: boolean, postCount: number): boolean {
  return !canSeeContentOf(member, { isSelf: isOwner, isFollower: member.isFollowed }) && postCount === 0;
}

/**
 * No member by the address's name, echoed safe to read in the sentence (`echoedName`); a name of
 * which nothing would show (`/profile/%00`) is not echoed at all.
 */
function MemberNotFound({ username, ref }: { username: string; ref?: Ref<HTMLElement> }) {
  useDocumentTitle("Member not found");
  const titleId = useId();
  const echoed = echoedName(username, USERNAME_MAX_LENGTH);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="flex flex-col items-center px-6 py-16 text-center outline-none"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-zinc-100 text-zinc-500">
        <UserIcon className="size-8" />
      </span>
      <h1 id={titleId} className="mt-5 text-xl font-bold tracking-tight text-zinc-900">
        Member not found
      </h1>
      <p className="mt-2 max-w-xs text-sm break-words text-zinc-600">
        {echoed ? `There is no one called @${echoed} on Flik.` : "There is no one by that name on Flik."} The
        link may be broken, or they changed their username or deleted their account.
      </p>
      <Link to="/profile" className={`${buttonStyles.secondary} mt-6`}>
        Go to your profile
      </Link>
    </section>
  );
}

/** As Instagram shows a member one blocked: who, what the block means, and Unblock. */
function BlockedMember({ member, onUnblock }: { member: BlockedUser; onUnblock: () => void }) {
  useDocumentTitle(`@${member.username}`);
  return (
    <YouBlockedNotice member={member} onUnblock={onUnblock} className="px-6 py-16">
      They can't find your profile, posts or stories, or message you. They won't be told.
    </YouBlockedNotice>
  );
}

function ProfileLoadFailed(props: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return <ScreenLoadFailed title="We couldn't load this profile" {...props} />;
}
