import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { CloseIcon } from "./later-icons";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "video[controls]",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** Open dialogs, innermost last: only the top one answers Escape and keeps the focus. */
const openDialogs: HTMLElement[] = [];

/**
 * What Tab reaches in the panel, in order: never a control taken out of the tab order (`tabindex="-1"`,
 * such as an avatar link that repeats the name beside it), which first focus would land on unnamed. A
 * radio group is one stop (its checked radio, else its first): counting each radio, a dialog ending in a
 * group took its last radio for its last stop, and Tab from the group left the dialog.
 */
function focusableIn(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      element.getAttribute("tabindex") !== "-1" &&
      !element.closest("[hidden],[inert]") &&
      isRadioGroupStop(element),
  );
}

function isRadioGroupStop(element: HTMLElement): boolean {
  if (!(element instanceof HTMLInputElement) || element.type !== "radio" || !element.name) return true;
  const group = [
    ...(element.form ?? element.ownerDocument).querySelectorAll<HTMLInputElement>("input[type=radio]"),
  ].filter((radio) => radio.name === element.name && !radio.disabled);
  return element === (group.find((radio) => radio.checked) ?? group[0]);
}

const sizes = {
  sm: "sm:max-w-sm",
  md: "sm:max-w-md",
  lg: "sm:max-w-lg",
  xl: "sm:max-w-5xl",
} as const;

interface DialogProps {
  /** The dialog's accessible name, shown as its heading unless `hideTitle`. */
  title: string;
  hideTitle?: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Focused on open; otherwise the first control, else the panel itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  size?: keyof typeof sizes;
  /** While false (e.g. during an upload) Escape and the backdrop do nothing. */
  dismissible?: boolean;
  /** Fills the phone's screen instead of rising as a sheet from the bottom. */
  fullScreenOnPhone?: boolean;
  /** Classes for the body under the heading. */
  bodyClassName?: string;
  /** Extra classes for the panel, e.g. a fixed height. */
  panelClassName?: string;
  /**
   * "side": a full-height panel that slides in from the right (settings' edit panels), the whole
   * screen on phones; "center" (the default): centred on larger screens, a sheet from the bottom on phones;
   * "stage": a dark panel on a dark backdrop (the stories viewer), the whole screen on phones, its
   * shape on larger screens given by `panelClassName`.
   */
  placement?: "center" | "side" | "stage";
  /** The element saying what the dialog is about, read with its name (a confirmation's explanation). */
  describedBy?: string;
}

/**
 * A modal dialog: focus moves in and is kept inside, Escape and a click on the backdrop close it, and
 * focus goes back to what opened it.
 */
export function Dialog({
  title,
  hideTitle = false,
  onClose,
  children,
  initialFocus,
  size = "md",
  dismissible = true,
  fullScreenOnPhone = false,
  bodyClassName = "px-5 pb-5 sm:px-6 sm:pb-6",
  panelClassName = "",
  placement = "center",
  describedBy,
}: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
  });

  // A layout effect: focus moves in within the commit that shows the dialog, so no one (a screen
  // reader, a key pressed at once, a test) meets the dialog with focus still behind it.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialogs.push(panel);
    (initialFocus?.current ?? focusableIn(panel)[0] ?? panel).focus();

    const isTop = () => openDialogs.at(-1) === panel;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === "Escape") {
        if (!dismissibleRef.current) return;
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === "Tab") {
        const focusables = focusableIn(panel);
        const first = focusables[0];
        const last = focusables.at(-1);
        const active = document.activeElement;
        if (!first || !last) {
          event.preventDefault();
          panel.focus();
        } else if (event.shiftKey && (active === first || !panel.contains(active))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      // Toasts live outside every dialog; anything else pulls focus back in.
      const target = event.target as Element | null;
      if (isTop() && target && !panel.contains(target) && !target.closest(".Toastify")) panel.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";

    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
      openDialogs.splice(openDialogs.indexOf(panel), 1);
      if (openDialogs.length === 0) document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [initialFocus]);

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a mouse shortcut; Escape and the Close button are the keyboard ways
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      className={`motion-safe:animate-fade-in fixed inset-0 z-50 flex ${
        placement === "stage"
          ? "items-stretch justify-center bg-zinc-950 sm:items-center sm:bg-zinc-950/95 sm:p-6"
          : `bg-zinc-950/60 backdrop-blur-[2px] ${
              placement === "side"
                ? "justify-end"
                : `justify-center sm:items-center sm:p-6 ${fullScreenOnPhone ? "items-stretch" : "items-end"}`
            }`
      }`}
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && event.target === event.currentTarget && dismissible) onClose();
        pressedOnBackdrop.current = false;
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`relative flex w-full flex-col overflow-hidden shadow-2xl outline-none ${
          placement === "stage"
            ? "motion-safe:animate-dialog-in h-dvh bg-black text-white sm:rounded-2xl"
            : `bg-white ${sizes[size]} ${
                placement === "side"
                  ? "motion-safe:animate-slide-in-right h-dvh"
                  : `motion-safe:animate-dialog-in sm:max-h-[min(90dvh,860px)] sm:rounded-2xl ${
                      fullScreenOnPhone ? "max-h-dvh" : "max-h-[92dvh] rounded-t-3xl"
                    }`
              }`
        } ${panelClassName}`}
      >
        <div
          className={
            hideTitle
              ? "sr-only"
              : placement === "side"
                ? "flex h-16 shrink-0 items-center justify-between gap-3 border-b border-zinc-100 px-5 sm:px-6"
                : "flex shrink-0 items-center justify-between gap-3 px-5 pt-4 pb-3 sm:px-6 sm:pt-5"
          }
        >
          <h2 id={titleId} className="min-w-0 truncate text-base font-semibold text-zinc-900">
            {title}
          </h2>
          {!hideTitle && (
            <button
              type="button"
              aria-label="Close"
              onClick={onClose}
              disabled={!dismissible}
              className="-mr-2 flex size-10 shrink-0 items-center justify-center rounded-full text-zinc-600 transition hover:bg-zinc-100 hover:text-zinc-950 disabled:opacity-40"
            >
              <CloseIcon className="size-5" />
            </button>
          )}
        </div>
        <div className={`min-h-0 flex-1 overflow-y-auto overscroll-contain ${bodyClassName}`}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
