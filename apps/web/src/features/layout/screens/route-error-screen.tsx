import { useEffect } from "react";
import { useRouteError } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { AlertIcon } from "../../../components/icons";
import { useDocumentTitle } from "../../../lib/use-document-title";

/** Last resort when a screen throws while rendering: say so and offer a reload instead of a blank page. */
export function RouteErrorScreen() {
  useDocumentTitle("Something went wrong");
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <AlertIcon className="size-7" />
      </span>
      <h1 className="text-xl font-semibold text-zinc-900">Something went wrong</h1>
      <p className="max-w-sm text-sm text-zinc-600">
        This screen hit an unexpected problem. Reloading usually helps.
      </p>
      <button type="button" onClick={() => window.location.reload()} className={buttonStyles.primary}>
        Reload
      </button>
    </main>
  );
}
