import { useLocation, useNavigate } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { ArrowLeftIcon } from "../../../components/icons";
import { canGoBackInFlik } from "../../../lib/can-go-back";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { GenericBottomBar } from "../components/generic-bottom-bar";

export function NotFoundScreen() {
  useDocumentTitle("Page not found");
  const navigate = useNavigate();
  const location = useLocation();

  function goBack() {
    if (canGoBackInFlik(location.key)) navigate(-1);
    else navigate("/", { replace: true });
  }

  return (
    <div className="min-h-dvh">
      {/* Beside the quick links' rail on desktop, above their bar on phones. */}
      <main className="flex min-h-dvh flex-col items-center justify-center px-6 pt-10 pb-28 text-center lg:pb-10 lg:pl-66">
        <p aria-hidden="true" className="text-brand text-8xl font-extrabold tracking-tighter sm:text-9xl">
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-zinc-900 sm:text-3xl">Page not found</h1>
        <p className="mt-3 max-w-sm text-zinc-600">
          The page you're looking for doesn't exist or may have moved.
        </p>
        <button type="button" onClick={goBack} className={`${buttonStyles.primary} mt-8`}>
          <ArrowLeftIcon className="size-4" />
          Go Back
        </button>
      </main>
      <GenericBottomBar />
    </div>
  );
}
