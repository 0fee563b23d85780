import { SIGNUP_REDIRECT_MS, type SignupBody, TOAST_AUTO_CLOSE_MS } from "@flik/shared";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "react-toastify/unstyled";
import { buttonStyles } from "../../../components/button-styles";
import { TextField } from "../../../components/text-field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { signUp } from "../api/auth.api";
import { PasswordField } from "./password-field";

type FieldErrors = Partial<Record<keyof SignupBody, string>>;

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

/** Spec §5: fields are required at browser level only; every other rule is the server's. */
export function SignUpForm() {
  const navigate = useNavigate();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const signup = useMutation({
    mutationFn: signUp,
    onSuccess: (answer) => {
      toast.success(answer?.message || "Signup successful! 🎉", { autoClose: TOAST_AUTO_CLOSE_MS.signup });
      redirectTimer.current = window.setTimeout(() => navigate("/login"), SIGNUP_REDIRECT_MS);
    },
    onError: (error) => {
      toast.error(errorMessage(error, "Signup failed. Please try again ❌"));
      setFieldErrors(error instanceof ApiError ? error.fieldErrors : {});
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFieldErrors({});
    signup.mutate(readForm(event.currentTarget));
  }

  function clearError(field: keyof SignupBody) {
    if (fieldErrors[field]) setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  const busy = signup.isPending || signup.isSuccess;
  return (
    <form onSubmit={handleSubmit} className="space-y-5">
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
    </form>
  );
}
