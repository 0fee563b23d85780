import { useEffect } from "react";

/**
 * The browser's own "Leave site?" on a reload, a closed tab or an address typed while `asks`: the only
 * question a page may put to an unload (the app's own dialogs ask for its in-app ways off a screen).
 */
export function useAskBeforeUnload(asks: boolean) {
  useEffect(() => {
    if (!asks) return;
    window.addEventListener("beforeunload", askBeforeUnload);
    return () => window.removeEventListener("beforeunload", askBeforeUnload);
  }, [asks]);
}

function askBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
}
