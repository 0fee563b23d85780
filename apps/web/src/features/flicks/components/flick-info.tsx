import type { Flick } from "@flik/shared";
import { Link } from "react-router";
import { Avatar } from "../../../components/avatar";
import { profilePath } from "../../../lib/paths";
import { TaggedText } from "../../tags/components/tagged-text";

/** Who posted the flick (to their profile) and its description, over the foot of the video. */
export function FlickInfo({ flick }: { flick: Flick }) {
  const { username, fullName, avatar } = flick.uploadedBy;
  return (
    <div className="min-w-0 text-white drop-shadow-[0_1px_2px_rgba(0,0,0,0.7)]">
      <Link
        to={profilePath(username)}
        className="pointer-events-auto inline-flex max-w-full items-center gap-2.5 rounded-full pr-2 focus-visible:outline-white"
      >
        <Avatar src={avatar} name={fullName || username} className="size-9 text-sm ring-2 ring-white/80" />
        <span className="truncate text-[15px] font-semibold">{username}</span>
      </Link>
      {flick.description && (
        <p className="mt-2 line-clamp-3 text-sm leading-snug break-words whitespace-pre-line">
          <TaggedText
            text={flick.description}
            linkClassName="pointer-events-auto rounded font-semibold hover:underline focus-visible:outline-white"
          />
        </p>
      )}
    </div>
  );
}
