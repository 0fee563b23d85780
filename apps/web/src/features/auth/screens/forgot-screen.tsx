import { useState } from "react";
import { Link, useLocation } from "react-router";
import { ArrowLeftIcon } from "../../../components/icons";
import { CheckIcon } from "../../../components/later-icons";
import { AuthShell, authLinkClass } from "../components/auth-shell";
import { ForgotEmailForm } from "../components/forgot-email-form";
import { ResetPasswordForm } from "../components/reset-password-form";

type Step = { name: "email"; email: string; reset: boolean } | { name: "code"; email: string };

function prefilledEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === "string" ? email : "";
}

/**
 * /forgot (spec §2, §4): step 1 sends a code to the e-mail, step 2 takes the code and a new password;
 * after a reset the screen is back at step 1 with every field cleared.
 */
export function ForgotScreen() {
  // Settings' "Set a password" (a member who signs in only with another service) brings the e-mail.
  const location = useLocation();
  const [step, setStep] = useState<Step>(() => ({
    name: "email",
    email: prefilledEmail(location.state),
    reset: false,
  }));
  // Each visit of a step starts it afresh (its fields, its countdown).
  const [visit, setVisit] = useState(0);
  const go = (next: Step) => {
    setStep(next);
    setVisit((count) => count + 1);
  };

  return (
    <AuthShell
      title="Forgot password"
      heading={step.name === "email" ? "Forgot your password?" : "Check your email"}
      tagline={
        step.name === "email"
          ? "Enter the email you signed up with and we'll send you a 6-digit code to reset your password."
          : "Enter the code from the email and choose a new password."
      }
      footer={
        <Link to="/login" className={`${authLinkClass} inline-flex items-center gap-1.5`}>
          <ArrowLeftIcon className="size-4" />
          Back to log in
        </Link>
      }
    >
      {step.name === "email" ? (
        <>
          {step.reset && (
            <div
              role="status"
              className="mb-6 flex items-start gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200"
            >
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-emerald-700" />
              <p>
                Your password has been reset.{" "}
                <Link to="/login" className="rounded font-semibold underline underline-offset-4">
                  Log in
                </Link>{" "}
                with your new password.
              </p>
            </div>
          )}
          <ForgotEmailForm
            key={visit}
            initialEmail={step.email}
            // Brought from Settings with the address, or back from step 2: the keyboard goes on from it.
            autoFocus={visit > 0 || step.email !== ""}
            onSent={(email) => go({ name: "code", email })}
          />
        </>
      ) : (
        <ResetPasswordForm
          key={visit}
          email={step.email}
          onReset={() => go({ name: "email", email: "", reset: true })}
          onChangeEmail={() => go({ name: "email", email: step.email, reset: false })}
        />
      )}
    </AuthShell>
  );
}
