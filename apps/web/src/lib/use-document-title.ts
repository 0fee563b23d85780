import { useEffect } from "react";

/** Sets the tab title to "<screen> · Flik" (or "Flik" alone). */
export function useDocumentTitle(screen?: string): void {
  useEffect(() => {
    document.title = screen ? `${screen} · Flik` : "Flik";
  }, [screen]);
}
