import { forgotPasswordBody } from "@flik/shared";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import type { Id } from "react-toastify/unstyled";
import { buttonStyles } from "../../../components/button-styles";
import { TextField } from "../../../components/text-field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { AUTH_TOASTS, toast } from "../../../lib/toast";
import { requestResetCode } from "../api/password-reset.api";

/** Spec §8: the server's message, else these. */
export const CODE_SENT = "OTP sent successfully!";
export const SEND_FAILED = "Something went wrong, please try again.";
/**
 * The reset's toast, for both steps: each outcome takes down the one before, so a stale "failed" never
 * stands beside "sent", nor "OTP sent" beside the wrong code's "Failed to reset password" over the
 * form. A later failure says its own words in the failure's toast while it shows. A toast on its way
 * out keeps its id a moment: the next failure gets a new one, never none.
 */
let resetToast: { id: Id; failed: boolean } | undefined;

function showResetToast(failed: boolean, text: string) {
  if (resetToast !== undefined) toast.dismiss(resetToast.id);
  const id = failed ? toast.error(text, AUTH_TOASTS) : toast.success(text, AUTH_TOASTS);
  resetToast = { id, failed };
}

export function toastResetFailure(text: string) {
  if (resetToast?.failed && toast.isActive(resetToast.id)) toast.update(resetToast.id, { render: text });
  else showResetToast(true, text);
}

export function toastResetSuccess(text: string) {
  showResetToast(false, text);
}

/** Forgot password, step 1 (spec §2): the e-mail the code goes to. */
export function ForgotEmailForm({
  initialEmail,
  autoFocus = false,
  onSent,
}: {
  initialEmail: string;
  /** Coming back from step 2, or brought an address, puts the focus here; else it stays where the page put it. */
  autoFocus?: boolean;
  onSent: (email: string) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const failureId = useId();

  const send = useMutation({
    mutationFn: requestResetCode,
    onSuccess: (answer, body) => {
      toastResetSuccess(answer?.message || CODE_SENT);
      onSent(body.email);
    },
    onError: (error) => {
      const text = errorMessage(error, SEND_FAILED);
      toastResetFailure(text);
      const onField = error instanceof ApiError ? error.fieldErrors.email : undefined;
      setFieldError(onField);
      setFailure(onField ? undefined : text);
      if (onField) inputRef.current?.focus();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    setFailure(undefined);
    if (email.trim() === "") {
      setFieldError("Enter your email");
      inputRef.current?.focus();
      return;
    }
    const parsed = forgotPasswordBody.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? "Enter a valid email address");
      inputRef.current?.focus();
      return;
    }
    send.mutate(parsed.data);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-5"
      aria-describedby={failure ? failureId : undefined}
    >
      <TextField
        ref={inputRef}
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus={autoFocus}
        value={email}
        error={fieldError}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldError(undefined);
        }}
      />
      <button type="submit" disabled={send.isPending} className={`${buttonStyles.primary} w-full`}>
        {send.isPending ? "Sending code..." : "Send code"}
      </button>
      {failure && (
        <p
          id={failureId}
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700"
        >
          {failure}
        </p>
      )}
    </form>
  );
}
