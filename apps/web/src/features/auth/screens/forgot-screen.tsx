import { Link } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { ArrowLeftIcon, SparklesIcon } from "../../../components/icons";
import { AuthShell } from "../components/auth-shell";

/** Password reset by e-mail code arrives in a later issue; until then this says so plainly. */
export function ForgotScreen() {
  return (
    <AuthShell
      title="Forgot password"
      heading="Forgot password"
      tagline="Reset your password with a 6-digit code sent to your e-mail."
    >
      <div className="flex items-start gap-3 rounded-xl bg-fuchsia-50 p-4 text-sm text-fuchsia-950 ring-1 ring-fuchsia-100">
        <SparklesIcon className="mt-0.5 size-5 shrink-0 text-fuchsia-600" />
        <p>
          <span className="font-semibold">Coming soon.</span> Password reset isn't available yet. If you still
          know your password, you can log in as usual.
        </p>
      </div>
      <Link to="/login" className={`${buttonStyles.secondary} mt-6 w-full`}>
        <ArrowLeftIcon className="size-4" />
        Back to log in
      </Link>
    </AuthShell>
  );
}
