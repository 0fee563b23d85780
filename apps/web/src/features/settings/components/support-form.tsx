import { SUPPORT_MESSAGE_MAX_LENGTH, supportBody, textLength } from "@flik/shared";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { fieldErrorClass, inputClass, labelClass } from "../../../components/field-styles";
import { failureText } from "../../../lib/api-client";
import { limitedText } from "../../../lib/limited-text";
import { useFormToasts } from "../../../lib/toast";
import { sendSupportRequest } from "../api/settings.api";

export const SUPPORT_TEXTS = {
  empty: "Please enter a message",
  sent: "Support request submitted!",
  failed: "Failed to submit support request",
} as const;

/** Spec §2 Support: a message box; blank is refused with spec §5's words. */
export function SupportForm({ email }: { email: string }) {
  const [message, setMessage] = useState("");
  // A success takes down the form's earlier failure toasts.
  const toasts = useFormToasts();
  const [problem, setProblem] = useState<string>();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const send = useMutation({
    mutationFn: sendSupportRequest,
    onSuccess: () => {
      toasts.success(SUPPORT_TEXTS.sent);
      setMessage("");
    },
    onError: (error) => {
      console.error("Support request failed", error);
      toasts.error(failureText(error, SUPPORT_TEXTS.failed));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = supportBody.safeParse({ message });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? SUPPORT_TEXTS.empty);
      toasts.clear();
      fieldRef.current?.focus();
      return;
    }
    setProblem(undefined);
    send.mutate(parsed.data);
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4 p-4 sm:p-5">
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={id} className={labelClass}>
            How can we help?
          </label>
          <span className="text-xs text-zinc-600 tabular-nums">
            {textLength(message)}/{SUPPORT_MESSAGE_MAX_LENGTH}
          </span>
        </div>
        <textarea
          ref={fieldRef}
          id={id}
          name="message"
          rows={4}
          placeholder="Describe the problem or ask a question"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
          {...limitedText(message, SUPPORT_MESSAGE_MAX_LENGTH, (typed) => {
            setMessage(typed);
            setProblem(undefined);
          })}
          className={`${inputClass} resize-y`}
        />
        {problem && (
          <p id={errorId} className={fieldErrorClass}>
            {problem}
          </p>
        )}
        {/* A long address breaks where it must, never cut off on a phone. */}
        <p id={hintId} className="mt-1.5 text-sm wrap-anywhere text-zinc-600">
          We'll reply to <span className="font-medium text-zinc-800">{email}</span>.
        </p>
      </div>
      <div className="flex justify-end">
        {/* Not disabled while sending: that would drop the focus to the page. (submit ignores a resend.) */}
        <button
          type="submit"
          aria-disabled={send.isPending || undefined}
          className={`${buttonStyles.primary} w-full aria-disabled:cursor-wait aria-disabled:opacity-60 sm:w-auto`}
        >
          {send.isPending ? "Sending..." : "Send message"}
        </button>
      </div>
    </form>
  );
}
