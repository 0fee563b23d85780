import { TOAST_AUTO_CLOSE_MS } from "@flik/shared";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ToastContainer } from "react-toastify/unstyled";
import { useMediaQuery } from "../lib/use-media-query";
import { ToastCloseButton } from "./toast-close-button";

/**
 * Where react-toastify's own styles make a toast a full-width strip (a phone), it would cover the
 * header's Back and a panel's Close: there toasts float at the bottom instead, above the tab bar or a
 * chat's composer (index.css), as a phone app's snackbar does.
 */
export const PHONE_TOASTS_QUERY = "(max-width: 480px)";

/** Everything a screen expects around it; tests wrap screens in the same providers. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const onPhone = useMediaQuery(PHONE_TOASTS_QUERY);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer
        position={onPhone ? "bottom-center" : "top-center"}
        autoClose={TOAST_AUTO_CLOSE_MS.default}
        newestOnTop
        closeOnClick
        pauseOnFocusLoss
        pauseOnHover
        theme="light"
        closeButton={ToastCloseButton}
        aria-label="Alerts"
      />
    </QueryClientProvider>
  );
}
