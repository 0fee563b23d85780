import {
  EMAIL_CHANGE_RESEND_SECONDS,
  EMAIL_VERIFY_CODE_SENT,
  requestEmailOtpBody,
  type User,
} from "@flik/shared";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { TextField } from "../../../components/text-field";
import { errorMessage, failureText } from "../../../lib/api-client";
import { useFormToasts } from "../../../lib/toast";
import { useCountdown } from "../../../lib/use-countdown";
import { requestEmailCode, verifyEmailCode } from "../api/settings.api";
import { CurrentValue, EditPanel, PanelIntro } from "../components/edit-panel";
import { isSpentCode, VerifyCodeForm } from "../components/verify-code-form";
import { useApplyUser } from "../hooks/use-apply-user";

/** Spec §8, Settings, E-mail. */
export const EMAIL_TEXTS = {
  empty: "Email cannot be empty",
  sent: "OTP sent to your new email!",
  sendFailed: "Failed to send OTP. Try again.",
  verified: "Email verified successfully!",
  verifyFailed: "Invalid or expired OTP.",
  resent: "OTP resent successfully!",
  resendFailed: "Failed to resend OTP.",
  nothingToResend: "No email to resend OTP to",
} as const;

/**
 * Spec §4 Email change: the form, then the code sent to the NEW address (with its 60 s resend
 * countdown), then verified, and the panel closes. An address never verified (a sign-up's) can be
 * verified where it is, the same way: notification e-mails go only to a verified address.
 */
export function EmailPanel({ user, onClose }: { user: User; onClose: () => void }) {
  const [step, setStep] = useState<"form" | "code">("form");
  // A success takes down the form's earlier failure toasts; closing the panel takes a failure's down.
  const toasts = useFormToasts({ failuresGoWithForm: true });
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const countdown = useCountdown();
  const applyUser = useApplyUser();

  function codeSent(address: string) {
    toasts.success(address === user.email ? EMAIL_VERIFY_CODE_SENT : EMAIL_TEXTS.sent);
    setSentTo(address);
    setStep("code");
    countdown.start(EMAIL_CHANGE_RESEND_SECONDS);
  }

  const request = useMutation({
    mutationFn: requestEmailCode,
    onSuccess: (_answer, address) => codeSent(address),
    onError: (error) => {
      const text = errorMessage(error, EMAIL_TEXTS.sendFailed);
      toasts.error(text);
      setFieldError(text);
      inputRef.current?.focus();
    },
  });

  const verifyCurrent = useMutation({
    mutationFn: requestEmailCode,
    onSuccess: (_answer, address) => codeSent(address),
    onError: (error) => toasts.error(errorMessage(error, EMAIL_TEXTS.sendFailed)),
  });

  const resend = useMutation({
    mutationFn: requestEmailCode,
    onSuccess: () => {
      toasts.success(EMAIL_TEXTS.resent);
      countdown.start(EMAIL_CHANGE_RESEND_SECONDS);
    },
    // Spec §8's words, or the server's when it refused for the number of codes: they say when to retry.
    onError: (error) => toasts.error(failureText(error, EMAIL_TEXTS.resendFailed)),
  });

  const verify = useMutation({
    mutationFn: verifyEmailCode,
    onSuccess: (updated) => {
      applyUser(updated);
      toasts.success(EMAIL_TEXTS.verified);
      onClose();
    },
    onError: (error) => {
      const text = errorMessage(error, EMAIL_TEXTS.verifyFailed);
      toasts.error(text);
      if (isSpentCode(error)) countdown.reset();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending) return;
    const parsed = requestEmailOtpBody.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? EMAIL_TEXTS.empty);
      toasts.clear();
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    request.mutate(parsed.data.email);
  }

  return (
    <EditPanel title="Email" onClose={onClose} initialFocus={inputRef}>
      <CurrentValue label="Current email" value={user.email} verified={user.emailVerified}>
        {!user.emailVerified && step === "form" && (
          <div className="mt-3 border-t border-zinc-100 pt-3">
            <p className="text-sm text-zinc-600">Verify it to get notification emails.</p>
            <button
              type="button"
              disabled={verifyCurrent.isPending}
              onClick={() => verifyCurrent.mutate(user.email)}
              className={`${buttonStyles.secondary} mt-3 w-full`}
            >
              {verifyCurrent.isPending ? "Sending code..." : "Verify this email"}
            </button>
          </div>
        )}
      </CurrentValue>
      {step === "form" ? (
        <form noValidate onSubmit={submit} className="space-y-5">
          <PanelIntro>
            We'll send a 6-digit code to your new address. Your email changes once you enter it.
          </PanelIntro>
          <TextField
            ref={inputRef}
            label="New email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus={sentTo !== ""}
            value={email}
            error={fieldError}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldError(undefined);
            }}
          />
          <button type="submit" disabled={request.isPending} className={`${buttonStyles.primary} w-full`}>
            {request.isPending ? "Sending code..." : "Send code"}
          </button>
        </form>
      ) : (
        <VerifyCodeForm
          sentTo={sentTo}
          changeLabel="Change email"
          onChangeAddress={() => {
            verify.reset();
            setStep("form");
          }}
          onVerify={(otp) => verify.mutateAsync(otp)}
          verifying={verify.isPending}
          serverError={verify.isError ? errorMessage(verify.error, EMAIL_TEXTS.verifyFailed) : undefined}
          onEdit={() => {
            if (verify.isError) verify.reset();
          }}
          secondsLeft={countdown.secondsLeft}
          resending={resend.isPending}
          onResend={() => {
            if (!sentTo) toasts.error(EMAIL_TEXTS.nothingToResend);
            else resend.mutate(sentTo);
          }}
        />
      )}
    </EditPanel>
  );
}
