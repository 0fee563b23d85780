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
 * The reset's failures share one toast: a later failure says its own words in it while it shows, and a
 * success takes it down (`toastResetSuccess`), so a stale "failed" never stands beside "sent". A toast
 * on its way out keeps its id a moment: the next failure gets a new one, never none.
 */
let resetErrorToast: Id | undefined;

export function toastResetFailure(text: string) {
  if (resetErrorToast !== undefined && toast.isActive(resetErrorToast)) {
    toast.update(resetErrorToast, { render: text });
  } else {
    resetErrorToast = toast.error(text, AUTH_TOASTS);
  }
}

export function toastResetSuccess(text: string) {
  if (resetErrorToast !== undefined) toast.dismiss(resetErrorToast);
  toast.success(text, AUTH_TOASTS);
}

/** Forgot password, step 1 (spec §2): the e-mail the code goes to. */
export function ForgotEmailForm({
  initialEmail,
  autoFocus = false,
  onSent,
}: {
  initialEmail: string;
  /** Coming back from step 2 puts the focus here; a first visit leaves it where the page put it. */
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
