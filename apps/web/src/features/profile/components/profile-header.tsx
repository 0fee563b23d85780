import type { PublicProfile } from "@flik/shared";
import { useRef, useState } from "react";
import { LockIcon } from "../../../components/later-icons";
import { useFocusWhenClosed } from "../../../lib/use-focus-when-closed";
import { useModalHistory } from "../../../lib/use-modal-history";
import { BlockDialog } from "../../blocks/components/block-dialog";
import type { FollowListKind } from "../../follows/api/follow-keys";
import { useFollow } from "../../follows/hooks/use-follow";
import { useMemberStories } from "../../stories/api/stories.queries";
import { LazyStoryViewer } from "../../stories/components/lazy-story-viewer";
import { useAvatarChange } from "../hooks/use-avatar-change";
import { useShareProfile } from "../hooks/use-share-profile";
import { useUpdateProfile } from "../hooks/use-update-profile";
import { AvatarChangeElements } from "./avatar-change-elements";
import { OwnerActions, VisitorActions } from "./profile-actions";
import { ProfileAvatar } from "./profile-avatar";
import { ProfileEditForm } from "./profile-edit-form";
import { ProfileStats } from "./profile-stats";
import { WebsiteLink } from "./website-link";

interface ProfileHeaderProps {
  member: PublicProfile;
  isOwner: boolean;
  includesFliks: boolean;
  /** Null while the viewer may not see who follows a private member, or whom they follow. */
  onOpenList: ((kind: FollowListKind) => void) | null;
}

/**
 * Avatar, @username, stats, name, bio, website and actions. Phones stack them under a small avatar;
 * wider screens put the avatar left and everything else beside it. One element each, placed by grid.
 */
export function ProfileHeader({ member, isOwner, includesFliks, onOpenList }: ProfileHeaderProps) {
  const [editing, setEditing] = useState(false);
  const [blocking, setBlocking] = useState(false);
  // On a history entry of its own: Back closes it and stays on the profile.
  const storiesViewer = useModalHistory<"stories">("stories");
  const viewingStories = storiesViewer.shown !== null;
  const stories = useMemberStories(member);
  const editButton = useRef<HTMLButtonElement>(null);
  // The viewer gives the focus back to the ring; when that went while it played (the member's last story
  // deleted, or gone with the account turned private), the picture's own button or the name takes it.
  const avatarCell = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusWhenClosed(viewingStories, () => avatarCell.current?.querySelector("button") ?? heading.current);
  const follow = useFollow(
    member._id,
    {
      isFollowed: member.isFollowed,
      isRequested: !!member.isRequested,
      followersCount: member.followersCount,
    },
    member.isPrivate,
  );
  const share = useShareProfile();
  const saveAvatar = useUpdateProfile();
  const avatar = useAvatarChange({
    onUploaded: (url) => saveAvatar.mutateAsync({ avatar: url }),
    onFailed: (_stage, error) => {
      console.error("Changing the profile photo failed", error);
      window.alert("Profile update failed");
    },
  });

  function stopEditing() {
    setEditing(false);
    editButton.current?.focus();
  }

  return (
    <section
      aria-label="Profile"
      className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-5 gap-y-4 sm:gap-x-8 md:gap-x-10"
    >
      <div
        ref={avatarCell}
        className="col-start-1 row-span-2 row-start-1 sm:row-end-4 sm:w-40 sm:justify-self-center md:w-56 flex justify-center"
      >
        <ProfileAvatar
          member={member}
          onChange={isOwner ? avatar.choose : undefined}
          busy={avatar.busy}
          stories={
            stories && {
              // The member's own stories are never marked viewed (spec §6): a live one keeps the bright
              // ring, as "Your story" in the strip does.
              allViewed: isOwner ? false : stories.allViewed,
              onOpen: () => storiesViewer.open("stories"),
            }
          }
        />
      </div>

      {/*
        Phones place the username beside the avatar and the actions under the bio (the grid's cells);
        wider screens put the actions after the username in one row, which moves them under a username
        too long to leave them room. One longer than its row wraps, never cut: a phone has no pointer to
        read a cut one's title with.
      */}
      <div className="contents sm:col-start-2 sm:row-start-1 sm:flex sm:min-w-0 sm:flex-wrap sm:items-center sm:gap-x-6 sm:gap-y-3">
        <div className="col-start-2 row-start-1 flex min-w-0 items-center gap-2 self-end sm:self-center">
          <h1
            ref={heading}
            tabIndex={-1}
            className="rounded-md text-xl font-semibold tracking-tight wrap-anywhere text-zinc-900 outline-none focus-visible:ring-2 focus-visible:ring-fuchsia-600 sm:text-2xl"
          >
            @{member.username}
          </h1>
          {member.isPrivate && (
            <span title="Private account" className="shrink-0 text-zinc-500">
              <LockIcon className="size-4" />
              <span className="sr-only">Private account</span>
            </span>
          )}
        </div>

        <div className="col-span-2 col-start-1 row-start-4 flex flex-wrap items-center gap-1.5 sm:gap-2">
          {isOwner ? (
            <OwnerActions
              editing={editing}
              onToggleEdit={() => (editing ? stopEditing() : setEditing(true))}
              onShare={() => void share(member.username, true)}
              editButtonRef={editButton}
            />
          ) : (
            <VisitorActions
              username={member.username}
              isPrivate={follow.isPrivate}
              followStatus={follow.status}
              onToggleFollow={follow.toggle}
              onShare={() => void share(member.username, false)}
              onBlock={() => setBlocking(true)}
            />
          )}
        </div>
      </div>

      <ProfileStats
        postsCount={member.postsCount}
        includesFliks={includesFliks}
        followersCount={isOwner ? member.followersCount : follow.followersCount}
        followingCount={member.followingCount}
        onOpenList={onOpenList}
        className="col-start-2 row-start-2 self-start sm:self-center"
      />

      <div className="col-span-2 col-start-1 row-start-3 min-w-0 sm:col-span-1 sm:col-start-2">
        {editing ? (
          <ProfileEditForm member={member} onDone={stopEditing} />
        ) : (
          <div className="space-y-1 text-sm">
            <p className="font-semibold break-words text-zinc-900">{member.fullName || "Unnamed User"}</p>
            {member.bio && <p className="break-words whitespace-pre-line text-zinc-800">{member.bio}</p>}
            {member.website && <WebsiteLink website={member.website} />}
          </div>
        )}
      </div>
      <AvatarChangeElements change={avatar} />
      {/* Once blocked, the profile screen shows the member as not found (their blockedUsers entry). */}
      {blocking && <BlockDialog member={member} onClose={() => setBlocking(false)} />}
      {/* The profile's ring plays this member's stories only. */}
      {viewingStories && (
        <LazyStoryViewer startUserId={member._id} only={member} onClose={storiesViewer.close} />
      )}
    </section>
  );
}
