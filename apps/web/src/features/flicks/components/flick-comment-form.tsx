import type { Ref } from "react";
import { CommentFormFor } from "../../posts/components/comment-form";
import { useAddFlickComment } from "../hooks/use-add-flick-comment";

/** A post's comment form, sending through the flick's own mutation (it updates the flicks' caches too). */
export function FlickCommentForm({
  flickId,
  inputRef,
}: {
  flickId: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return <CommentFormFor addComment={useAddFlickComment(flickId)} inputRef={inputRef} />;
}
