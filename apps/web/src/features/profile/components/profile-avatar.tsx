import type { PublicProfile } from "@flik/shared";
import { Avatar } from "../../../components/avatar";
import { CameraIcon } from "../../../components/later-icons";
import { StoryRing } from "../../stories/components/story-ring";
import { storyLabel } from "../../stories/components/story-tile";

const sizeClass = "size-20 text-3xl ring-0 sm:size-36 sm:text-5xl";
/** The picture's size plus the ring and its gap, 2 px each side. */
const ringedSizeClass = "size-22 sm:size-38";

const cameraBadgeClass =
  "bg-brand absolute right-0 bottom-0 flex size-7 items-center justify-center rounded-full text-white ring-3 ring-white sm:right-2 sm:bottom-2 sm:size-9";

/** The member's live stories, when they have some: the picture then wears their ring and opens them. */
export interface AvatarStories {
  allViewed: boolean;
  onOpen: () => void;
}

/**
 * The member's picture; for the owner it is the button that changes it. With stories it opens them, as
 * in Instagram; the owner then changes the photo with the camera badge, a button of its own.
 */
export function ProfileAvatar({
  member,
  onChange,
  busy = false,
  stories,
}: {
  member: PublicProfile;
  onChange?: () => void;
  busy?: boolean;
  stories?: AvatarStories;
}) {
  const picture = (
    <Avatar src={member.avatar || member.profilePic} name={member.username} className={sizeClass} />
  );

  if (stories) {
    return (
      <div className="relative">
        <button
          type="button"
          onClick={stories.onOpen}
          aria-haspopup="dialog"
          aria-label={onChange ? "Your story" : storyLabel(member.username, stories.allViewed)}
          className="rounded-full"
        >
          <StoryRing state={stories.allViewed ? "seen" : "unseen"} className={ringedSizeClass}>
            {picture}
          </StoryRing>
        </button>
        {onChange && (
          <button
            type="button"
            onClick={onChange}
            disabled={busy}
            aria-label="Change profile photo"
            title="Change profile photo"
            className={`${cameraBadgeClass} transition hover:brightness-110 disabled:cursor-progress`}
          >
            <CameraIcon className="size-3.5 sm:size-4.5" />
          </button>
        )}
      </div>
    );
  }

  if (!onChange) return <div className="w-fit rounded-full bg-white p-0.5 shadow-sm">{picture}</div>;
  return (
    <button
      type="button"
      onClick={onChange}
      disabled={busy}
      aria-label="Change profile photo"
      title="Change profile photo"
      className="group relative rounded-full bg-white p-0.5 shadow-sm disabled:cursor-progress"
    >
      {picture}
      <span
        aria-hidden="true"
        className="absolute inset-0.5 flex items-center justify-center rounded-full bg-zinc-950/45 text-white opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100"
      >
        <CameraIcon className="size-7 sm:size-9" />
      </span>
      <span aria-hidden="true" className={cameraBadgeClass}>
        <CameraIcon className="size-3.5 sm:size-4.5" />
      </span>
    </button>
  );
}
