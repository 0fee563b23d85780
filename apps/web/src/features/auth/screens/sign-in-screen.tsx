import { Link, useLocation } from "react-router";
import { AuthShell, authLinkClass } from "../components/auth-shell";
import { ExternalSignInButton } from "../components/external-sign-in-button";
import { SignInForm } from "../components/sign-in-form";
import { resolveLoginRedirect, signedUpIdentifier } from "../redirect";

export function SignInScreen() {
  const location = useLocation();
  const redirectTo = resolveLoginRedirect(location.state);
  return (
    <AuthShell
      title="Log in"
      heading="Welcome back"
      tagline="Log in to see what your people are sharing."
      footer={
        <>
          New to Flik?{" "}
          <Link to="/" className={authLinkClass}>
            Sign up
          </Link>
        </>
      }
    >
      <SignInForm redirectTo={redirectTo} identifier={signedUpIdentifier(location.state)} />
      <ExternalSignInButton returnTo={redirectTo} />
    </AuthShell>
  );
}
