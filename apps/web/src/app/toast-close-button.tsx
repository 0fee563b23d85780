import type { CloseButtonProps } from "react-toastify/unstyled";
import { Svg } from "../components/icons";

/**
 * The toast itself is a tab stop in react-toastify (a hard-coded `tabIndex={0}`, no option), so each
 * toast took two stops, its text and then its Close. The Close is the one that does something: the
 * toast stays focusable by script (-1) but leaves the tab order. React sets an attribute again only when
 * its prop changes, and this one never does, so the change holds while the toast shows.
 */
function leaveToastOutOfTabOrder(button: HTMLButtonElement | null) {
  button?.closest(".Toastify__toast")?.setAttribute("tabindex", "-1");
}

/**
 * A toast's Close, in place of react-toastify's (black at 30% opacity on white, 2.1:1, named "close"):
 * opaque zinc-600 on the white toast, 7.7:1 (WCAG 1.4.11), 32 px across, with the app's focus ring.
 * Its explicit `tabIndex` is what react-toastify's Alt+T looks for (`[tabIndex="0"]`) to reach the
 * newest toast, from inside a dialog too, now that the toast is no longer a stop.
 */
export function ToastCloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button
      ref={leaveToastOutOfTabOrder}
      type="button"
      tabIndex={0}
      aria-label="Close notification"
      // Its click reaches the toast too, whose close-on-click then finds it closed already.
      onClick={() => closeToast(true)}
      // Its look is in index.css: the first screens' script carries every class string written here.
      className="toast-close"
    >
      <Svg className="size-4">
        <path d="M18 6 6 18M6 6l12 12" />
      </Svg>
    </button>
  );
}
