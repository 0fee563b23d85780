import { SIGNUP_REDIRECT_MS, type SignupBody, TOAST_AUTO_CLOSE_MS, USERNAME_MAX_LENGTH } from "@flik/shared";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { TextField } from "../../../components/text-field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { retryAdvice } from "../../../lib/query-retry";
import { AUTH_TOASTS, toast, useFormToasts } from "../../../lib/toast";
import { signUp } from "../api/auth.api";
import type { SignedUpState } from "../redirect";
import { focusFirst, missingFields } from "../required-fields";
import { PasswordField } from "./password-field";

type FieldErrors = Partial<Record<keyof SignupBody, string>>;

const REQUIRED: Record<keyof SignupBody, string> = {
  fullName: "Enter your full name",
  username: "Choose a username",
  email: "Enter your email",
  password: "Choose a password",
};

function readForm(form: HTMLFormElement): SignupBody {
  const data = new FormData(form);
  const text = (name: keyof SignupBody) => String(data.get(name) ?? "");
  return {
    fullName: text("fullName"),
    username: text("username"),
    email: text("email"),
    password: text("password"),
  };
}

/**
 * What stays under the form after a failed sign-up whose reason is on no field: the toast (spec §8)
 * says it once and goes, this keeps it. A reason on a field shows under that field instead.
 */
function failureOf(error: unknown): string | null {
  if (!(error instanceof ApiError && error.serverMessage)) return `Signup failed. ${retryAdvice(error)}`;
  if (Object.keys(error.fieldErrors).length > 0) return null;
  return `Couldn't sign up: ${error.serverMessage}`;
}

/**
 * Spec §5: every field is required and every other rule is the server's. Empty fields get the
 * product's own words under them (not the browser's bubbles); the server's answer lands there too.
 */
export function SignUpForm() {
  const navigate = useNavigate();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const failures = useFormToasts(AUTH_TOASTS);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const signup = useMutation({
    mutationFn: signUp,
    onSuccess: (answer, body) => {
      failures.clear();
      toast.success(answer?.message || "Signup successful! 🎉", {
        ...AUTH_TOASTS,
        autoClose: TOAST_AUTO_CLOSE_MS.signup,
      });
      // The name as the server keeps it (trimmed, lower case): /login fills it in, in its state only.
      const state: SignedUpState = { identifier: body.username.trim().toLowerCase() };
      redirectTimer.current = window.setTimeout(() => navigate("/login", { state }), SIGNUP_REDIRECT_MS);
    },
    onError: (error) => {
      failures.error(errorMessage(error, "Signup failed. Please try again ❌"));
      const byField = error instanceof ApiError ? error.fieldErrors : {};
      setFieldErrors(byField);
      setFailure(failureOf(error));
      focusFirst(formRef.current, Object.keys(byField));
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = readForm(event.currentTarget);
    const missing = missingFields(body, REQUIRED);
    setFieldErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) {
      failures.clear();
      focusFirst(event.currentTarget, Object.keys(missing));
      return;
    }
    signup.mutate(body);
  }

  function clearError(field: keyof SignupBody) {
    if (fieldErrors[field]) setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  const busy = signup.isPending || signup.isSuccess;
  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="space-y-5">
      <TextField
        label="Full name"
        name="fullName"
        autoComplete="name"
        required
        error={fieldErrors.fullName}
        onInput={() => clearError("fullName")}
      />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        // Letters, digits, periods and underscores: the browser's count is the server's.
        maxLength={USERNAME_MAX_LENGTH}
        autoCapitalize="none"
        spellCheck={false}
        required
        error={fieldErrors.username}
        onInput={() => clearError("username")}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        error={fieldErrors.email}
        onInput={() => clearError("email")}
      />
      <PasswordField
        name="password"
        autoComplete="new-password"
        required
        error={fieldErrors.password}
        onInput={() => clearError("password")}
      />
      <button type="submit" disabled={busy} className={`${buttonStyles.primary} w-full`}>
        {signup.isPending ? "Signing up..." : signup.isSuccess ? "Account created" : "Sign up"}
      </button>
      {failure && (
        <p className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">{failure}</p>
      )}
    </form>
  );
}
