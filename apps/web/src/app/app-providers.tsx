import { TOAST_AUTO_CLOSE_MS } from "@flik/shared";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ToastContainer } from "react-toastify/unstyled";
import { ToastCloseButton } from "./toast-close-button";

/** Everything a screen expects around it; tests wrap screens in the same providers. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer
        // At the top on phones too, where only a header's ways out are (index.css says why).
        position="top-center"
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
