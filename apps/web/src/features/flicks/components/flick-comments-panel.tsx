import type { Flick } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Dialog } from "../../../components/dialog";
import { PostComments } from "../../posts/components/post-comments";
import { useFlickCommentsQuery } from "../api/flicks.queries";
import { removeCachedFlickComment } from "../cache/flick-cache";
import { flickFoundGone } from "../hooks/flick-found-gone";
import { FlickCommentForm } from "./flick-comment-form";

interface FlickCommentsPanelProps {
  flick: Flick;
  onClose: () => void;
}

/**
 * The comments sheet, FLICK_COMMENTS_PANEL_VH of the screen's height (spec §2): the flick's comments
 * (the post's, then older ones a page at a time with "View older comments") and a field to add one.
 * Focus starts in the field and goes back to the Comments button on close; Escape closes.
 */
export function FlickCommentsPanel({ flick, onClose }: FlickCommentsPanelProps) {
  const queryClient = useQueryClient();
  const comments = useFlickCommentsQuery(flick);
  const inputRef = useRef<HTMLInputElement>(null);
  const count = flick.commentsCount;
  // Found gone on opening (its author went private or blocked the member): said, and the panel closes
  // with the flick rather than showing the comments it had.
  const { error } = comments;
  useEffect(() => {
    if (error) flickFoundGone(queryClient, flick._id, error);
  }, [error, queryClient, flick._id]);

  return (
    <Dialog
      title={count > 0 ? `Comments (${count.toLocaleString("en-US")})` : "Comments"}
      onClose={onClose}
      initialFocus={inputRef}
      // FLICK_COMMENTS_PANEL_VH, spelled out for Tailwind (a test keeps the two equal).
      panelClassName="h-[60dvh]"
      bodyClassName="flex flex-col p-0"
    >
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-4 sm:px-6">
        <PostComments
          postId={flick._id}
          comments={comments.data?.comments ?? flick.comments}
          cursor={comments.data?.cursor}
          ownerId={flick.uploadedBy._id}
          onCommentDeleted={(commentId, commentsCount) =>
            removeCachedFlickComment(queryClient, flick._id, commentId, commentsCount)
          }
          foundGone={flickFoundGone}
        />
      </div>
      <div className="shrink-0 border-t border-zinc-100 px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]">
        <FlickCommentForm flickId={flick._id} inputRef={inputRef} />
      </div>
    </Dialog>
  );
}
