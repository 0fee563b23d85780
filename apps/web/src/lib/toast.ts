import { useState } from "react";
import { type Id, type ToastContent, type ToastOptions, toast as toastify } from "react-toastify/unstyled";

type Show = typeof toastify.error;

/** The toast each text shows in now, to take down when the same text comes again. */
const shownByText = new Map<string, Id>();

/**
 * A kind of toast that shows a text once at a time: the same text again replaces the one shown (which
 * goes as a toast closes), so it is said again, with its full time, instead of being stacked or dropped.
 */
function once(show: Show): Show {
  return (content, options) => {
    if (typeof content !== "string" || options?.toastId !== undefined) return show(content, options);
    const shown = shownByText.get(content);
    if (shown !== undefined && toastify.isActive(shown)) toastify.dismiss(shown);
    const id = show(content, options);
    shownByText.set(content, id);
    return id;
  };
}

/**
 * The app's toasts: react-toastify's, but the same text again while it shows (a wrong password tried
 * twice, a like failing offline on every tap) replaces the one shown instead of stacking copies down a
 * phone's screen over what is under them.
 */
export const toast = Object.assign(
  <T>(content: ToastContent<T>, options?: ToastOptions<T>) => toastify(content, options),
  toastify,
  {
    error: once(toastify.error),
    success: once(toastify.success),
    info: once(toastify.info),
    warning: once(toastify.warning),
  },
);

/**
 * Where the toasts of the signed-out screens (sign-in, sign-up, reset) show: at the top on phones too,
 * where there is no header to cover, instead of floating over the form's button at the bottom.
 */
export const AUTH_TOASTS = { position: "top-center" } as const satisfies ToastOptions;

/**
 * A form's failure toasts, for its success to take down: a stale "Password must be at least 8
 * characters" never stands beside "Account created". `success` says a success, taking them down first.
 */
export function useFailureToasts(options?: Pick<ToastOptions, "position">) {
  const [failures] = useState(() => {
    const shown = new Set<Id>();
    const clear = () => {
      for (const id of shown) toastify.dismiss(id);
      shown.clear();
    };
    return {
      error(text: string) {
        shown.add(options ? toast.error(text, options) : toast.error(text));
      },
      clear,
      success(text: string) {
        clear();
        if (options) toast.success(text, options);
        else toast.success(text);
      },
    };
  });
  return failures;
}
