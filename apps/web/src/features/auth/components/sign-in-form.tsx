import { type SigninBody, TOAST_AUTO_CLOSE_MS } from "@flik/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "react-toastify/unstyled";
import { buttonStyles } from "../../../components/button-styles";
import { TextField } from "../../../components/text-field";
import { errorMessage } from "../../../lib/api-client";
import { saveAuth } from "../../../lib/storage";
import { signIn } from "../api/auth.api";
import { authLinkClass } from "./auth-shell";
import { PasswordField } from "./password-field";

function readForm(form: HTMLFormElement): SigninBody {
  const data = new FormData(form);
  return { identifier: String(data.get("identifier") ?? ""), password: String(data.get("password") ?? "") };
}

/** One field takes an e-mail or a username (spec §2); success returns to `redirectTo`. */
export function SignInForm({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signin = useMutation({
    mutationFn: signIn,
    onSuccess: ({ token, user }) => {
      // Nothing cached for a previous member may leak into this session.
      queryClient.removeQueries();
      saveAuth({ token, userId: user.id, username: user.username });
      toast.success("Login successful! 🎉", { autoClose: TOAST_AUTO_CLOSE_MS.login });
      navigate(redirectTo, { replace: true });
    },
    onError: (error) => {
      toast.error(errorMessage(error, "Login failed!"));
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signin.mutate(readForm(event.currentTarget));
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-5">
      <TextField
        label="Email or username"
        name="identifier"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <div>
        <PasswordField name="password" autoComplete="current-password" required />
        <p className="mt-2 text-right text-sm">
          <Link to="/forgot" className={authLinkClass}>
            Forgot password?
          </Link>
        </p>
      </div>
      <button type="submit" disabled={signin.isPending} className={`${buttonStyles.primary} w-full`}>
        {signin.isPending ? "Logging in..." : "Log in"}
      </button>
    </form>
  );
}
