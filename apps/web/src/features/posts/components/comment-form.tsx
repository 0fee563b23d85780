import { COMMENT_MAX_LENGTH, hasVisibleText } from "@flik/shared";
import type { UseMutationResult } from "@tanstack/react-query";
import { type FormEvent, type Ref, useId, useState } from "react";
import { atTextLimit, LimitNotice, limitText } from "../../../components/limit-notice";
import { announce } from "../../../lib/announce";
import { errorMessage } from "../../../lib/api-client";
import { limitedText } from "../../../lib/limited-text";
import { isPostUnavailable } from "../api/posts.queries";
import { useAddComment } from "../hooks/use-add-comment";

/** What the form asks of a post's or a flick's add-comment mutation. */
export type AddCommentMutation = Pick<
  UseMutationResult<unknown, Error, string>,
  "mutate" | "isPending" | "isError" | "error" | "reset"
>;

interface CommentFieldsProps {
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/** Why a full comment box takes no more. */
export const COMMENT_LIMIT_TEXT = limitText("Comments", COMMENT_MAX_LENGTH);

export function CommentForm({ postId, ...fields }: CommentFieldsProps & { postId: string }) {
  return <CommentFormFor addComment={useAddComment(postId)} {...fields} />;
}

/**
 * Spec §5: sent on Enter or Post, only when non-blank after trimming. A post gone is said by the
 * mutation's toast (useAddComment, useAddFlickComment): the form leaves with the post.
 */
export function CommentFormFor({
  addComment,
  inputRef,
  className = "",
}: CommentFieldsProps & { addComment: AddCommentMutation }) {
  const [text, setText] = useState("");
  const id = useId();
  const errorId = `${id}-error`;
  const limitId = `${id}-limit`;
  const full = atTextLimit(text, COMMENT_MAX_LENGTH);
  const trimmed = text.trim();
  // Only spaces or invisible characters would post as nothing at all.
  const sendable = hasVisibleText(trimmed);
  const error =
    !addComment.isError || isPostUnavailable(addComment.error)
      ? null
      : errorMessage(addComment.error, "Couldn't post your comment. Please try again.");

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sendable || addComment.isPending) return;
    addComment.mutate(trimmed, {
      onSuccess: () => {
        setText("");
        announce("Comment posted");
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} className={className}>
      <div className="flex items-center gap-1 rounded-full border border-zinc-200 bg-zinc-50 pr-1 pl-4 transition focus-within:border-fuchsia-600 focus-within:bg-white focus-within:ring-4 focus-within:ring-fuchsia-500/15">
        <label htmlFor={id} className="sr-only">
          Add a comment
        </label>
        <input
          ref={inputRef}
          id={id}
          {...limitedText(text, COMMENT_MAX_LENGTH, (typed) => {
            setText(typed);
            if (addComment.isError) addComment.reset();
          })}
          placeholder="Add a comment..."
          autoComplete="off"
          enterKeyHint="send"
          aria-invalid={error ? true : undefined}
          aria-describedby={[error && errorId, full && limitId].filter(Boolean).join(" ") || undefined}
          className="min-w-0 flex-1 bg-transparent py-2 text-base text-zinc-900 placeholder:text-zinc-500 focus:outline-none focus-visible:outline-none sm:text-sm"
        />
        <button
          type="submit"
          disabled={!sendable || addComment.isPending}
          className="rounded-full px-3 py-1.5 text-sm font-semibold text-fuchsia-600 transition hover:text-fuchsia-800 disabled:cursor-default disabled:text-fuchsia-300"
        >
          {addComment.isPending ? "Posting..." : "Post"}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 px-4 text-xs text-red-600">
          {error}
        </p>
      )}
      <LimitNotice
        id={limitId}
        text={COMMENT_LIMIT_TEXT}
        full={full}
        className="mt-1.5 px-4 text-xs text-zinc-600"
      />
    </form>
  );
}
