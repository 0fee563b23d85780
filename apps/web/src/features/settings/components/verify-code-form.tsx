import { TOO_MANY_WRONG_CODES, verifyOtpBody } from "@flik/shared";
import { type FormEvent, useRef, useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { CodeInput, type CodeInputHandle, emptyCode } from "../../../components/code-input";
import { ResendCode } from "../../../components/resend-code";
import { errorMessage } from "../../../lib/api-client";

interface VerifyCodeFormProps {
  /** Where the code went: the new e-mail or phone number. */
  sentTo: string;
  /** "Change email": back to the form, to fix a typo in the address. */
  changeLabel: string;
  onChangeAddress: () => void;
  /** Rejects when the server refused the code: the boxes are emptied for the next try. */
  onVerify: (otp: string) => Promise<unknown>;
  verifying: boolean;
  /** The server's reason for the last refusal. */
  serverError?: string;
  /** The member is typing a new code: the last refusal no longer applies. */
  onEdit?: () => void;
  secondsLeft: number;
  resending: boolean;
  onResend: () => void;
}

/**
 * The OTP step of the e-mail and phone changes (spec §4): six boxes, verified by themselves once the
 * last digit is in, or with the button ('OTP cannot be empty', spec §5), and a resend countdown.
 */
export function VerifyCodeForm({
  sentTo,
  changeLabel,
  onChangeAddress,
  onVerify,
  verifying,
  serverError,
  onEdit,
  secondsLeft,
  resending,
  onResend,
}: VerifyCodeFormProps) {
  const [code, setCode] = useState(emptyCode);
  const [problem, setProblem] = useState<string>();
  const codeRef = useRef<CodeInputHandle>(null);

  function verify(otp: string) {
    if (verifying) return;
    const parsed = verifyOtpBody.safeParse({ otp });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      codeRef.current?.focus(Math.max(0, code.indexOf("")));
      return;
    }
    setProblem(undefined);
    onVerify(parsed.data.otp).catch(() => {
      setCode(emptyCode());
      codeRef.current?.focus(0);
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    verify(code.join(""));
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <div className="rounded-xl bg-zinc-50 px-4 py-3 text-sm text-zinc-700 ring-1 ring-zinc-200/70">
        <p>Enter the 6-digit code we sent to</p>
        <p className="font-semibold break-words text-zinc-900">{sentTo}</p>
        <button
          type="button"
          onClick={onChangeAddress}
          className="mt-1 rounded font-semibold text-fuchsia-700 underline-offset-4 hover:text-fuchsia-800 hover:underline"
        >
          {changeLabel}
        </button>
      </div>
      <div className="space-y-3">
        <CodeInput
          ref={codeRef}
          value={code}
          autoFocus
          error={problem ?? serverError}
          onChange={(next) => {
            setCode(next);
            setProblem(undefined);
            onEdit?.();
          }}
          onComplete={verify}
        />
        <ResendCode
          secondsLeft={secondsLeft}
          busy={resending}
          onResend={() => {
            setCode(emptyCode());
            setProblem(undefined);
            onResend();
            codeRef.current?.focus(0);
          }}
        />
      </div>
      <button type="submit" disabled={verifying} className={`${buttonStyles.primary} w-full`}>
        {verifying ? "Verifying..." : "Verify"}
      </button>
    </form>
  );
}

/** The code's tries are spent: a new code is all that helps, so the panel offers Resend at once. */
export function isSpentCode(error: unknown): boolean {
  return errorMessage(error, "") === TOO_MANY_WRONG_CODES;
}
