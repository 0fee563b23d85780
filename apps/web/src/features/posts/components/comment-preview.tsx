import type { PostComment } from "@flik/shared";
import { Link } from "react-router";
import { profilePath } from "../../../lib/paths";

/** Compact lines under a feed card. */
export function CommentPreview({ comments }: { comments: PostComment[] }) {
  if (comments.length === 0) return null;
  return (
    <ul className="space-y-1" aria-label="Latest comments">
      {comments.map((comment) => (
        <li key={comment._id} className="text-sm leading-relaxed break-words text-zinc-900">
          <Link
            to={profilePath(comment.user.username)}
            className="mr-1.5 rounded font-semibold hover:underline"
          >
            {comment.user.username}
          </Link>
          <bdi>{comment.text}</bdi>
        </li>
      ))}
    </ul>
  );
}
