import { useEffect, useState } from "react";
import { type Location, useLocation, useNavigate } from "react-router";
import { panelToOpen, type SettingsPanelState } from "../panel-state";

type ReturnedPanel = SettingsPanelState["panel"];

interface Returning {
  panel: ReturnedPanel;
  /** The entry the panel's own entry was pushed from, once it was. */
  handedOverAt: Location | null;
}

/**
 * Back from linking a sign-in (/auth/callback), its panel is open again: shown at once, then given an
 * entry of its own over Settings' (a second step: the router takes one navigation at a time), so Back
 * closes it as any panel's, and Settings' own entry, reloaded or come back to, opens no panel.
 *
 * Until its entry is pushed the panel is shown from here; from the first navigation after, by the entry
 * alone. Compared by location object, not by key: a Back landing before this screen rendered the pushed
 * entry comes back to the same key, never to the same object.
 */
export function useReturnedPanel(open: (panel: ReturnedPanel) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const [returning, setReturning] = useState<Returning | null>(() => {
    const panel = panelToOpen(location.state);
    return panel ? { panel, handedOverAt: null } : null;
  });

  useEffect(() => {
    if (panelToOpen(location.state)) navigate(location.pathname, { replace: true, state: null });
    else if (returning?.handedOverAt === null) {
      setReturning({ ...returning, handedOverAt: location });
      open(returning.panel);
    } else if (returning && returning.handedOverAt !== location) setReturning(null);
  }, [location, navigate, returning, open]);

  const stillHere = returning !== null && (returning.handedOverAt ?? location) === location;
  return {
    panel: stillHere ? returning.panel : null,
    /** Closed before its entry was pushed, or with it. */
    dismiss: () => setReturning(null),
  };
}
