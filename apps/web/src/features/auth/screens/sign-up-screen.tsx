import { Link } from "react-router";
import { AuthShell, authLinkClass } from "../components/auth-shell";
import { ExternalSignInButton } from "../components/external-sign-in-button";
import { SignUpForm } from "../components/sign-up-form";
import { DEFAULT_AFTER_LOGIN } from "../redirect";

export function SignUpScreen() {
  return (
    <AuthShell
      title="Sign up"
      heading="Create your account"
      tagline="Join Flik to share posts and flicks with your people."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className={authLinkClass}>
            Log in
          </Link>
        </>
      }
    >
      <SignUpForm />
      <ExternalSignInButton returnTo={DEFAULT_AFTER_LOGIN} />
    </AuthShell>
  );
}
