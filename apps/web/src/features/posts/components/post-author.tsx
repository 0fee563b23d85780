import type { Post } from "@flik/shared";
import { Link } from "react-router";
import { Avatar } from "../../../components/avatar";
import { postPath, profilePath } from "../../../lib/paths";
import { fullDateTime, timeAgo } from "../../../lib/time-ago";
import { useMinute } from "../../../lib/use-minute";

/** Avatar, @username (to their profile) and when it was posted (to the post, when `linkTime`). */
export function PostAuthor({ post, linkTime = false }: { post: Post; linkTime?: boolean }) {
  const { user } = post;
  const now = useMinute();
  const time = (
    <time dateTime={post.createdAt} title={fullDateTime(post.createdAt)}>
      {timeAgo(post.createdAt, now)}
    </time>
  );
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Link
        to={profilePath(user.username)}
        tabIndex={-1}
        aria-hidden="true"
        className="shrink-0 rounded-full"
      >
        <Avatar src={user.avatar} name={user.username} className="size-9 text-sm ring-0" />
      </Link>
      <div className="min-w-0 leading-tight">
        <Link
          to={profilePath(user.username)}
          className="block truncate rounded text-sm font-semibold text-zinc-900 hover:underline"
        >
          @{user.username}
        </Link>
        {/* Its truncation clips what overflows it, the time link's focus ring included: the padding makes
            room for the ring, the margin takes the room back from the layout. */}
        <p className="-m-1 truncate p-1 text-xs text-zinc-500">
          {linkTime ? (
            <Link
              to={postPath(user.username, post._id)}
              className="rounded hover:text-zinc-800 hover:underline"
            >
              {time}
            </Link>
          ) : (
            time
          )}
        </p>
      </div>
    </div>
  );
}
