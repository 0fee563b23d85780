import type { PostComment } from "@flik/shared";
import { Link } from "react-router";
import { profilePath } from "../../../lib/paths";

/**
 * Compact lines under a feed card: each comment at most two lines, cut with an ellipsis, so one long
 * comment (up to 1,000 characters) never makes the card screens tall. The post's page shows it whole, and
 * a screen reader reads it whole here.
 */
export function CommentPreview({ comments }: { comments: PostComment[] }) {
  if (comments.length === 0) return null;
  return (
    <ul className="space-y-1" aria-label="Latest comments">
      {/* Inset a little: what is cut is hidden, and the name link's focus ring must not be. */}
      {comments.map((comment) => (
        <li
          key={comment._id}
          className="-mx-1 line-clamp-2 px-1 text-sm leading-relaxed break-words text-zinc-900"
        >
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
