import {
  FORGOT_PASSWORD_RESEND_SECONDS,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
  resetPasswordBody,
} from "@flik/shared";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { CodeInput, type CodeInputHandle, emptyCode } from "../../../components/code-input";
import { ResendCode } from "../../../components/resend-code";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useCountdown } from "../../../lib/use-countdown";
import { requestResetCode, resetPassword } from "../api/password-reset.api";
import { CODE_SENT, SEND_FAILED, toastResetFailure, toastResetSuccess } from "./forgot-email-form";
import { PasswordField } from "./password-field";

/** Spec §8. */
export const RESET_DONE = "Password reset successfully!";
export const RESET_FAILED = "Failed to reset password, please try again.";

/** Where the server's reason for a refused reset belongs: a password rule, or else the code. */
function reasonFor(error: unknown): { field: "code" | "password"; text: string } {
  const text = errorMessage(error, "Check your connection and try again.");
  const onPassword =
    error instanceof ApiError &&
    (error.fieldErrors.newPassword !== undefined || (/password/i.test(text) && !/code|otp/i.test(text)));
  return { field: onPassword ? "password" : "code", text };
}

/**
 * The address with a line break allowed right after its "@" (and nowhere else but inside a part too
 * long for a line), so a long address on a phone wraps as "alice.wonderland@" / "example.test" rather
 * than mid-word.
 */
function BreakableAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

const linkClass =
  "rounded font-semibold text-fuchsia-700 underline-offset-4 hover:text-fuchsia-800 hover:underline";

/**
 * Forgot password, step 2 (spec §2): the six-digit code and a new password. The reset is sent by itself
 * when the last digit is typed or pasted and the password already meets the rules; otherwise the member
 * sends it with the button or Enter (a password is never sent while it is still being typed).
 */
export function ResetPasswordForm({
  email,
  onReset,
  onChangeEmail,
}: {
  email: string;
  onReset: () => void;
  onChangeEmail: () => void;
}) {
  const [code, setCode] = useState(emptyCode);
  const [password, setPassword] = useState("");
  const [codeError, setCodeError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const codeRef = useRef<CodeInputHandle>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const countdown = useCountdown();
  const { start } = countdown;

  useEffect(() => start(FORGOT_PASSWORD_RESEND_SECONDS), [start]);

  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: (answer) => {
      toastResetSuccess(answer?.message || RESET_DONE);
      onReset();
    },
    onError: (error) => {
      toastResetFailure(RESET_FAILED);
      const reason = reasonFor(error);
      if (reason.field === "password") {
        setPasswordError(reason.text);
        passwordRef.current?.focus();
      } else {
        // A refused code has to be typed again: the boxes are emptied for it.
        setCodeError(reason.text);
        setCode(emptyCode());
        codeRef.current?.focus(0);
      }
    },
  });

  const resend = useMutation({
    mutationFn: requestResetCode,
    onSuccess: (answer) => {
      toastResetSuccess(answer?.message || CODE_SENT);
      setCode(emptyCode());
      setCodeError(undefined);
      start(FORGOT_PASSWORD_RESEND_SECONDS);
      codeRef.current?.focus(0);
    },
    onError: (error) => toastResetFailure(errorMessage(error, SEND_FAILED)),
  });

  function send(otp: string) {
    if (reset.isPending) return;
    const parsed = resetPasswordBody.safeParse({ email, otp, newPassword: password });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      const otpIssue = issues.find((issue) => issue.path[0] === "otp")?.message;
      const passwordIssue = issues.find((issue) => issue.path[0] === "newPassword")?.message;
      setCodeError(otpIssue);
      setPasswordError(passwordIssue);
      if (otpIssue) codeRef.current?.focus(code.indexOf(""));
      else if (passwordIssue) passwordRef.current?.focus();
      return;
    }
    setCodeError(undefined);
    setPasswordError(undefined);
    reset.mutate(parsed.data);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send(code.join(""));
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      {/* Which account the new password is for, to a password manager saving it. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="rounded-xl bg-zinc-50 px-4 py-3 text-sm text-zinc-700 ring-1 ring-zinc-200/70">
        {/* As hedged as step 1's answer: whether an account uses the address is never revealed. */}
        <p>If an account uses this email, we sent it a 6-digit code:</p>
        <p className="font-semibold break-words text-zinc-900">
          <BreakableAddress email={email} />
        </p>
        <button type="button" onClick={onChangeEmail} className={`${linkClass} mt-1 text-sm`}>
          Use a different email
        </button>
      </div>

      <div className="space-y-3">
        <CodeInput
          ref={codeRef}
          value={code}
          autoFocus
          error={codeError}
          onChange={(next) => {
            setCode(next);
            setCodeError(undefined);
          }}
          onComplete={(otp) => {
            // Sent by itself once a password that will do is there too; else the password is next.
            if (passwordSchema.safeParse(password).success) send(otp);
            else passwordRef.current?.focus();
          }}
        />
        <ResendCode
          secondsLeft={countdown.secondsLeft}
          busy={resend.isPending}
          onResend={() => resend.mutate({ email })}
        />
      </div>

      <PasswordField
        ref={passwordRef}
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        required
        value={password}
        error={passwordError}
        hint={<p className="text-sm text-zinc-600">At least {PASSWORD_MIN_LENGTH} characters.</p>}
        onChange={(event) => {
          setPassword(event.target.value);
          setPasswordError(undefined);
        }}
      />

      <button type="submit" disabled={reset.isPending} className={`${buttonStyles.primary} w-full`}>
        {reset.isPending ? "Resetting password..." : "Reset password"}
      </button>
    </form>
  );
}
