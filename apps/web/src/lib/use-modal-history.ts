import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { type Location, useLocation, useNavigate } from "react-router";

/**
 * The history state of an entry with modals open over its screen: what each shows, by modal name, and
 * the page load that opened them.
 */
interface ModalHistoryState {
  modals?: Record<string, string>;
  modalsLoad?: string;
}

/**
 * This page load. A reload keeps an entry's state, and the browser turns a visit to the address already
 * shown into a reload; either way the member asked for the screen, so it opens with nothing over it.
 */
const THIS_LOAD = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function modalsIn(state: unknown): Record<string, string> {
  const entry = state as ModalHistoryState | null;
  return entry?.modalsLoad === THIS_LOAD ? (entry.modals ?? {}) : {};
}

export interface ModalHistory<T extends string> {
  /** What the modal shows (a post's id, a panel's name), or null while it is closed. */
  shown: T | null;
  open: (value: T) => void;
  /** Its own Close, Escape, the backdrop, or a finished form: Back over its entry. */
  close: () => void;
}

/**
 * A modal or panel opened over a screen, as on Instagram: it opens on a history entry of its own (the
 * same URL), so the browser's Back or a phone's back gesture closes it and stays on the screen, and
 * Forward opens it again. Closing it itself goes back over that entry, so none is left for a later Back
 * to "close" again. Opening another under the same name (Edit from a viewer) takes its entry's place.
 *
 * A reload shows the screen alone (see `THIS_LOAD`), as before any modal had an entry; its entry stays,
 * so one Back then shows the same screen.
 */
export function useModalHistory<T extends string>(name: string): ModalHistory<T> {
  const location = useLocation();
  const navigate = useNavigate();
  const inEntry = modalsIn(location.state)[name] as T | undefined;
  // Closed here: gone at once (focus back on its opener now), not when the Back lands a moment later.
  const [closedAt, setClosedAt] = useState<string | null>(null);
  if (closedAt !== null && closedAt !== location.key) setClosedAt(null);
  const shown = inEntry !== undefined && closedAt !== location.key ? inEntry : null;

  // A close may come late (a save that finishes after a Back): it acts on the entry shown by then.
  const latest = useRef<{ location: Location; shown: T | null }>({ location, shown });
  useLayoutEffect(() => {
    latest.current = { location, shown };
  });

  const open = useCallback(
    (value: T) => {
      const { pathname, search, hash, state } = latest.current.location;
      const modals = modalsIn(state);
      const others = typeof state === "object" && state !== null ? state : {};
      navigate(
        { pathname, search, hash },
        {
          state: {
            ...others,
            modals: { ...modals, [name]: value },
            modalsLoad: THIS_LOAD,
          } satisfies ModalHistoryState,
          replace: name in modals,
          // The screen stays where it was scrolled behind the modal.
          preventScrollReset: true,
        },
      );
    },
    [name, navigate],
  );

  const close = useCallback(() => {
    const { location, shown } = latest.current;
    if (shown === null) return;
    latest.current = { location, shown: null };
    setClosedAt(location.key);
    navigate(-1);
  }, [navigate]);

  return { shown, open, close };
}
