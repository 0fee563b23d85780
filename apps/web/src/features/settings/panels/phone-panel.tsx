import { EMAIL_CHANGE_RESEND_SECONDS, formatPhone, requestPhoneOtpBody, type User } from "@flik/shared";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { TextField } from "../../../components/text-field";
import { errorMessage, failureText } from "../../../lib/api-client";
import { useFormToasts } from "../../../lib/toast";
import { useCountdown } from "../../../lib/use-countdown";
import { requestPhoneCode, verifyPhoneCode } from "../api/settings.api";
import { CurrentValue, EditPanel, PanelIntro } from "../components/edit-panel";
import { isSpentCode, VerifyCodeForm } from "../components/verify-code-form";
import { useApplyUser } from "../hooks/use-apply-user";

/** Spec §8, Settings, Phone. */
export const PHONE_TEXTS = {
  sent: "OTP sent to your phone!",
  sendFailed: "Failed to send OTP",
  invalid: "Invalid OTP",
  updated: "Phone updated!",
} as const;

/** Spec §4 Phone change: an international number, the code sent to it by SMS, then updated. */
export function PhonePanel({ user, onClose }: { user: User; onClose: () => void }) {
  const [step, setStep] = useState<"form" | "code">("form");
  // A success takes down the form's earlier failure toasts; closing the panel takes a failure's down.
  const toasts = useFormToasts({ failuresGoWithForm: true });
  const [phone, setPhone] = useState("");
  const [sentTo, setSentTo] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const countdown = useCountdown();
  const applyUser = useApplyUser();

  const request = useMutation({
    mutationFn: requestPhoneCode,
    onSuccess: (answer, number) => {
      toasts.success(answer?.message || PHONE_TEXTS.sent);
      setSentTo(number);
      setStep("code");
      countdown.start(EMAIL_CHANGE_RESEND_SECONDS);
    },
    onError: (error) => {
      toasts.error(PHONE_TEXTS.sendFailed);
      setFieldError(errorMessage(error, PHONE_TEXTS.sendFailed));
      inputRef.current?.focus();
    },
  });

  const resend = useMutation({
    mutationFn: requestPhoneCode,
    onSuccess: (answer) => {
      toasts.success(answer?.message || PHONE_TEXTS.sent);
      countdown.start(EMAIL_CHANGE_RESEND_SECONDS);
    },
    // Spec §8's words, or the server's when it refused for the number of codes: they say when to retry.
    onError: (error) => toasts.error(failureText(error, PHONE_TEXTS.sendFailed)),
  });

  const verify = useMutation({
    mutationFn: verifyPhoneCode,
    onSuccess: (updated) => {
      applyUser(updated);
      toasts.success(PHONE_TEXTS.updated);
      onClose();
    },
    onError: (error) => {
      // The server says "Invalid OTP" of a wrong code, and why otherwise (the number taken meanwhile).
      toasts.error(errorMessage(error, PHONE_TEXTS.invalid));
      if (isSpentCode(error)) countdown.reset();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending) return;
    const parsed = requestPhoneOtpBody.safeParse({ phone });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      toasts.clear();
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    request.mutate(parsed.data.phone);
  }

  return (
    <EditPanel title="Phone number" onClose={onClose} initialFocus={inputRef}>
      {user.phone && (
        <CurrentValue
          label="Current number"
          value={formatPhone(user.phone)}
          verified={user.phoneVerified}
          numeric
        />
      )}
      {step === "form" ? (
        <form noValidate onSubmit={submit} className="space-y-5">
          <PanelIntro>
            {user.phone
              ? "Enter your new number. We'll text it a 6-digit code to confirm it's yours."
              : "Add a number to help keep your account secure. We'll text it a 6-digit code to confirm it's yours."}
          </PanelIntro>
          <TextField
            ref={inputRef}
            label="Phone number"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+1 415 555 2671"
            autoFocus={sentTo !== ""}
            value={phone}
            error={fieldError}
            hint="Start with + and your country code."
            onChange={(event) => {
              setPhone(event.target.value);
              setFieldError(undefined);
            }}
          />
          <button type="submit" disabled={request.isPending} className={`${buttonStyles.primary} w-full`}>
            {request.isPending ? "Sending code..." : "Send code"}
          </button>
        </form>
      ) : (
        <VerifyCodeForm
          sentTo={formatPhone(sentTo)}
          changeLabel="Change number"
          onChangeAddress={() => {
            verify.reset();
            setStep("form");
          }}
          onVerify={(otp) => verify.mutateAsync(otp)}
          verifying={verify.isPending}
          serverError={verify.isError ? errorMessage(verify.error, PHONE_TEXTS.invalid) : undefined}
          onEdit={() => {
            if (verify.isError) verify.reset();
          }}
          secondsLeft={countdown.secondsLeft}
          resending={resend.isPending}
          onResend={() => resend.mutate(sentTo)}
        />
      )}
    </EditPanel>
  );
}
