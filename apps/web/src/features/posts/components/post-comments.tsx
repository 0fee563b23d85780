import type { PostComment } from "@flik/shared";
import { Spinner } from "../../../components/spinner";
import { useOlderComments, withOlderComments } from "../hooks/use-older-comments";
import { CommentList } from "./comment-list";

interface PostCommentsProps {
  postId: string;
  /** The newest comments the post carries, oldest first. */
  comments: PostComment[];
  /** Where the post's older comments start (`Post.commentsCursor`); none when it carries them all. */
  cursor: string | null | undefined;
}

/**
 * Every comment of a post, as far back as the member asks: the ones it carries (newest, with those that
 * arrive live or the member adds), and before them "View older comments", a page at a time.
 */
export function PostComments({ postId, comments, cursor }: PostCommentsProps) {
  const { older, hasOlder, loading, loadOlder } = useOlderComments(postId, cursor);
  return (
    <div className="space-y-3">
      {hasOlder && (
        <button
          type="button"
          onClick={() => void loadOlder()}
          aria-disabled={loading || undefined}
          className="inline-flex w-fit items-center gap-2 rounded text-sm text-zinc-500 hover:text-zinc-800"
        >
          {loading && <Spinner className="size-3.5 border-2" />}
          {loading ? "Loading comments..." : "View older comments"}
        </button>
      )}
      <CommentList comments={withOlderComments(older, comments)} />
    </div>
  );
}
