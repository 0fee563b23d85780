import { type SigninBody, TOAST_AUTO_CLOSE_MS } from "@flik/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { TextField } from "../../../components/text-field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { retryAdvice } from "../../../lib/query-retry";
import { saveAuth } from "../../../lib/storage";
import { AUTH_TOASTS, toast, useFormToasts } from "../../../lib/toast";
import { signIn } from "../api/auth.api";
import { focusFirst, missingFields } from "../required-fields";
import { authLinkClass } from "./auth-shell";
import { PasswordField } from "./password-field";

type Field = keyof SigninBody;

const REQUIRED: Record<Field, string> = {
  identifier: "Enter your email or username",
  password: "Enter your password",
};

/** What stays under the form after a failed sign-in; the toast (spec §8) says it once, this keeps it. */
interface Failure {
  text: string;
  /** The server refused these credentials, so the fields themselves are marked. */
  credentials: boolean;
}

function readForm(form: HTMLFormElement): SigninBody {
  const data = new FormData(form);
  return { identifier: String(data.get("identifier") ?? ""), password: String(data.get("password") ?? "") };
}

function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiError && error.serverMessage)) {
    // A server that failed without a word is no connection's fault: the advice tells them apart.
    return { text: `Login failed! ${retryAdvice(error)}`, credentials: false };
  }
  return {
    text: `Couldn't log in: ${error.serverMessage}`,
    credentials: error.status === 401 || error.status === 400,
  };
}

/**
 * One field takes an e-mail or a username (spec §2); success returns to `redirectTo`. An `identifier`
 * given (a member just signed up) fills that field and puts the focus on the password.
 */
export function SignInForm({ redirectTo, identifier }: { redirectTo: string; identifier?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const failureId = useId();
  const [missing, setMissing] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [marked, setMarked] = useState(false);

  const failures = useFormToasts(AUTH_TOASTS);
  const signin = useMutation({
    mutationFn: signIn,
    onSuccess: ({ token, user }) => {
      // Nothing cached for a previous member may leak into this session.
      queryClient.removeQueries();
      saveAuth({ token, userId: user.id, username: user.username });
      failures.clear();
      toast.success("Login successful! 🎉", { autoClose: TOAST_AUTO_CLOSE_MS.login });
      navigate(redirectTo, { replace: true });
    },
    onError: (error) => {
      failures.error(errorMessage(error, "Login failed!"));
      const next = failureOf(error);
      setFailure(next);
      setMarked(next.credentials);
      if (next.credentials) focusFirst(formRef.current, ["identifier"]);
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = readForm(event.currentTarget);
    const empty = missingFields(body, REQUIRED);
    setMissing(empty);
    setFailure(null);
    setMarked(false);
    if (Object.keys(empty).length > 0) {
      failures.clear();
      focusFirst(event.currentTarget, Object.keys(empty));
      return;
    }
    signin.mutate(body);
  }

  /** Typing again clears the marks; the message stays until the next try. */
  function edited(field: Field) {
    setMarked(false);
    if (missing[field]) setMissing(({ [field]: _cleared, ...rest }) => rest);
  }

  const refused = marked ? { "aria-invalid": true, "aria-describedby": failureId } : {};
  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="space-y-5">
      <TextField
        label="Email or username"
        name="identifier"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        defaultValue={identifier}
        error={missing.identifier}
        onInput={() => edited("identifier")}
        {...refused}
      />
      <div>
        <PasswordField
          name="password"
          autoComplete="current-password"
          required
          autoFocus={identifier !== undefined}
          error={missing.password}
          onInput={() => edited("password")}
          {...refused}
        />
        <p className="mt-2 text-right text-sm">
          <Link to="/forgot" className={authLinkClass}>
            Forgot password?
          </Link>
        </p>
      </div>
      <button type="submit" disabled={signin.isPending} className={`${buttonStyles.primary} w-full`}>
        {signin.isPending ? "Logging in..." : "Log in"}
      </button>
      {failure && (
        <p id={failureId} className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
          {failure.text}
        </p>
      )}
    </form>
  );
}
